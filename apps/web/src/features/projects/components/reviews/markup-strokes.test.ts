import { describe, expect, it } from 'vitest';
import { emptyDrawing, extendStroke, hasMarks, penWidth, startStroke, toImagePoint, undoStroke } from './markup-strokes';

describe('a marked-up screenshot', () => {
  it('maps a pointer on the shown picture to the image pixels, kept inside the image', () => {
    const box = { left: 10, top: 20, width: 195, height: 422 };
    const image = { width: 390, height: 844 };
    expect(toImagePoint({ x: 10, y: 20 }, box, image)).toEqual({ x: 0, y: 0 });
    expect(toImagePoint({ x: 107.5, y: 231 }, box, image)).toEqual({ x: 195, y: 422 });
    expect(toImagePoint({ x: 500, y: -40 }, box, image)).toEqual({ x: 390, y: 0 });
  });

  it('draws strokes point by point, undoes the last stroke only, and ignores a pointer that did not move', () => {
    let drawing = startStroke(emptyDrawing, { x: 1, y: 1 });
    drawing = extendStroke(drawing, { x: 2, y: 2 });
    drawing = extendStroke(drawing, { x: 2, y: 2 });
    drawing = startStroke(drawing, { x: 9, y: 9 });
    drawing = extendStroke(drawing, { x: 10, y: 12 });
    expect(drawing.strokes.map((s) => s.points)).toEqual([
      [{ x: 1, y: 1 }, { x: 2, y: 2 }],
      [{ x: 9, y: 9 }, { x: 10, y: 12 }],
    ]);
    drawing = undoStroke(drawing);
    expect(drawing.strokes).toHaveLength(1);
    expect(hasMarks(undoStroke(drawing))).toBe(false);
    expect(extendStroke(emptyDrawing, { x: 1, y: 1 })).toBe(emptyDrawing);
    expect(emptyDrawing.strokes).toEqual([]);
  });

  it('uses a pen that stays visible on small and large images', () => {
    expect(penWidth(100, 80)).toBe(3);
    expect(penWidth(1170, 2532)).toBe(15);
  });
});
