-- A banner's words are text over its image, so they can be read at any width and by screen readers.
ALTER TABLE featured_banners ADD COLUMN title text;
ALTER TABLE featured_banners ADD COLUMN subtitle text;
