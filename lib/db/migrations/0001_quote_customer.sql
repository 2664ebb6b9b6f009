-- "Cliente (opcional)": the quote's customer text as the dispatcher wrote it; null for the quotes before it
-- and those without one. Searched through search_text, which includes it from now on.
ALTER TABLE "quote_records" ADD COLUMN "customer" text;
