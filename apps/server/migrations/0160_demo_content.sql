-- Content imported as the demo at first start is marked, so that the operator's first import of their own content
-- can remove the demo records of the collections it brings instead of mixing with them.
ALTER TABLE services ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE faqs ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE featured_banners ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE help_guides ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE form_items ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE promo_codes ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE completion_step_templates ADD COLUMN demo boolean NOT NULL DEFAULT false;
