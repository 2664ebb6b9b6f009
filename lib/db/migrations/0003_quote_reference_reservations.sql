CREATE TABLE "quote_reference_reservations" (
	"reference" text PRIMARY KEY NOT NULL,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL
);
