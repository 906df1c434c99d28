/** The part of Square's Web Payments SDK the card form uses. */
export interface SquareCard {
  attach(element: HTMLElement): Promise<void>;
  tokenize(): Promise<{ status: string; token?: string; errors?: Array<{ message: string }> }>;
  destroy(): Promise<boolean>;
}

interface SquareSdk {
  payments(applicationId: string, locationId: string): { card(): Promise<SquareCard> };
}

declare global {
  interface Window {
    Square?: SquareSdk;
  }
}

let loading: Promise<SquareSdk> | undefined;

/** Loads Square's script once, and only on the pages that show a card form. */
export function loadSquare(src: string): Promise<SquareSdk> {
  if (window.Square) return Promise.resolve(window.Square);
  loading ??= new Promise<SquareSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.Square ? resolve(window.Square) : reject(new Error('Square did not load.')));
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Square did not load.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
