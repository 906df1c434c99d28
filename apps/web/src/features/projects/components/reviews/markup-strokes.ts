/**
 * The drawing of a marked-up screenshot, kept apart from the canvas: strokes in the image's own pixels, so that the
 * picture is the same whatever size the canvas is shown at, and undo takes back one stroke.
 */
export interface Point {
  x: number;
  y: number;
}
export interface Stroke {
  points: Point[];
}
export interface Drawing {
  strokes: Stroke[];
}

export const emptyDrawing: Drawing = { strokes: [] };

/** The pen width in image pixels: about 0.6% of the image's longer side, never thinner than 3. */
export const penWidth = (width: number, height: number) => Math.max(3, Math.round(Math.max(width, height) * 0.006));

/**
 * Where a pointer is on the image, from its position in the element showing it (scaled to the image's pixels and
 * kept inside it, so a stroke leaving the picture runs along its edge).
 */
export function toImagePoint(
  client: { x: number; y: number },
  box: { left: number; top: number; width: number; height: number },
  image: { width: number; height: number },
): Point {
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
  return {
    x: clamp(((client.x - box.left) / box.width) * image.width, image.width),
    y: clamp(((client.y - box.top) / box.height) * image.height, image.height),
  };
}

export const startStroke = (drawing: Drawing, at: Point): Drawing => ({ strokes: [...drawing.strokes, { points: [at] }] });

/** Extends the stroke being drawn; a point on top of the last one adds nothing. */
export function extendStroke(drawing: Drawing, at: Point): Drawing {
  const last = drawing.strokes.at(-1);
  if (!last) return drawing;
  const end = last.points.at(-1);
  if (end && end.x === at.x && end.y === at.y) return drawing;
  return { strokes: [...drawing.strokes.slice(0, -1), { points: [...last.points, at] }] };
}

export const undoStroke = (drawing: Drawing): Drawing => ({ strokes: drawing.strokes.slice(0, -1) });

export const hasMarks = (drawing: Drawing) => drawing.strokes.length > 0;

/** Draws the image and the strokes on a 2D context the size of the image. */
export function paint(context: CanvasRenderingContext2D, image: CanvasImageSource, size: { width: number; height: number }, drawing: Drawing) {
  context.clearRect(0, 0, size.width, size.height);
  context.drawImage(image, 0, 0, size.width, size.height);
  context.strokeStyle = '#dc2626';
  context.fillStyle = '#dc2626';
  context.lineWidth = penWidth(size.width, size.height);
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const { points } of drawing.strokes) {
    const [first, ...rest] = points;
    if (!first) continue;
    context.beginPath();
    if (rest.length === 0) {
      // A tap leaves a dot.
      context.arc(first.x, first.y, context.lineWidth / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.moveTo(first.x, first.y);
    for (const p of rest) context.lineTo(p.x, p.y);
    context.stroke();
  }
}
