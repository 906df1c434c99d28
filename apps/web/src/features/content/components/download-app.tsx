import { StoreBadges } from '@/components/ui/store-badges';

export function DownloadApp({ appStore, playStore }: { appStore: string | null | undefined; playStore: string | null | undefined }) {
  return (
    <section className="bg-brand-900 text-white" aria-labelledby="download-heading">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-2">
        <div>
          <h2 id="download-heading" className="text-3xl font-bold tracking-tight">
            Download our app
          </h2>
          <p className="mt-4 text-lg text-brand-100">
            See what your customers will get. Our own app is built on the same platform as yours: browse,
            order, book and pay, then picture your brand on it.
          </p>
          <StoreBadges appStore={appStore} playStore={playStore} className="mt-8" />
        </div>
        <img
          src="/media/app-download.svg"
          alt="Two phones showing a branded app: a menu and an order confirmation"
          width={560}
          height={420}
          loading="lazy"
          decoding="async"
          className="mx-auto h-auto w-full max-w-md"
        />
      </div>
    </section>
  );
}
