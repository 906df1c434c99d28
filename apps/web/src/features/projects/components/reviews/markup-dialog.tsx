import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Eraser, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { emptyDrawing, extendStroke, hasMarks, paint, startStroke, toImagePoint, undoStroke, type Drawing } from './markup-strokes';

/**
 * Marking up a preview image: the customer picks one of the round's images, draws on it with a pen (mouse, pen or
 * finger), and attaches the result as a PNG. The picture is drawn at the image's own size and shown scaled.
 */
export function MarkupDialog({ images, open, onClose, onDone }: { images: string[]; open: boolean; onClose: () => void; onDone: (file: File) => void }) {
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? (images.length === 1 ? images[0]! : null);
  const close = () => {
    setPicked(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} className="max-h-[95vh] max-w-3xl overflow-y-auto p-4 sm:p-6">
      <DialogTitle className="text-xl font-bold text-slate-900">Mark up a screenshot</DialogTitle>
      <DialogDescription className="mt-1 text-sm text-slate-600">
        {chosen ? 'Draw on the picture to show what should change, then attach it.' : 'Choose the preview image to mark up.'}
      </DialogDescription>
      {chosen ? (
        <MarkupCanvas
          src={chosen}
          onDone={(file) => {
            onDone(file);
            close();
          }}
        />
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((url, index) => (
            <li key={url}>
              <button type="button" onClick={() => setPicked(url)} className="block w-full overflow-hidden rounded-lg border border-slate-300 bg-white hover:border-brand-600">
                <img src={url} alt={`Preview image ${index + 1}`} className="h-36 w-full object-contain" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}

function MarkupCanvas({ src, onDone }: { src: string; onDone: (file: File) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [drawing, setDrawing] = useState<Drawing>(emptyDrawing);
  const pointer = useRef<number | null>(null);

  useEffect(() => {
    const img = new Image();
    img.onload = () => setImage(img);
    img.onerror = () => setFailed(true);
    img.src = src;
  }, [src]);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (image && context) paint(context, image, { width: image.naturalWidth, height: image.naturalHeight }, drawing);
  }, [image, drawing]);

  if (failed) return <p role="alert" className="mt-4 text-sm font-medium text-red-700">This image could not be opened.</p>;
  if (!image) return <p className="mt-4 text-sm text-slate-600">Opening the image...</p>;

  const size = { width: image.naturalWidth, height: image.naturalHeight };
  const at = (event: PointerEvent<HTMLCanvasElement>) => toImagePoint({ x: event.clientX, y: event.clientY }, event.currentTarget.getBoundingClientRect(), size);
  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointer.current !== null) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointer.current = event.pointerId;
    // The point is read now: the event's element is gone by the time React runs the update.
    const point = at(event);
    setDrawing((d) => startStroke(d, point));
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointer.current !== event.pointerId) return;
    const point = at(event);
    setDrawing((d) => extendStroke(d, point));
  };
  const up = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointer.current === event.pointerId) pointer.current = null;
  };
  const attach = () =>
    canvas.current?.toBlob((blob) => {
      if (blob) onDone(new File([blob], `markup-${Date.now()}.png`, { type: 'image/png' }));
    }, 'image/png');

  return (
    <div className="mt-4 space-y-3">
      <canvas
        ref={canvas}
        width={size.width}
        height={size.height}
        role="img"
        aria-label="The preview image; draw on it to mark what should change"
        data-testid="markup-canvas"
        className="mx-auto block max-h-[60vh] max-w-full cursor-crosshair touch-none rounded-lg border border-slate-300"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!hasMarks(drawing)} onClick={() => setDrawing(undoStroke)}>
          <Undo2 className="h-4 w-4" aria-hidden="true" /> Undo
        </Button>
        <Button variant="secondary" disabled={!hasMarks(drawing)} onClick={() => setDrawing(emptyDrawing)}>
          <Eraser className="h-4 w-4" aria-hidden="true" /> Clear
        </Button>
        <Button className="ml-auto" disabled={!hasMarks(drawing)} onClick={attach}>
          Attach markup
        </Button>
      </div>
    </div>
  );
}
