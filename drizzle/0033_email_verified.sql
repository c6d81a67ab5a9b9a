-- Decision 0530: whether the issuer vouched for the stored email. Rows from before this migration
-- never recorded it, so they start unverified: an email-named admin (ADMIN_USERS) is one again from
-- their next sign-in, whose ID token says email_verified: true.
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;
