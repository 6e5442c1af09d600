-- The send limits of notifications, shared by every replica (package notice; not Ent entities, like
-- River's tables). One row per message sent to a user in the last hour, for ROUT_NOTIFY_PER_USER_HOUR:
CREATE TABLE "notification_sends" ("user_id" bigint NOT NULL, "sent_at" timestamptz NOT NULL, CONSTRAINT "notification_sends_users" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
CREATE INDEX "notification_sends_user_id_sent_at" ON "notification_sends" ("user_id", "sent_at");
CREATE INDEX "notification_sends_sent_at" ON "notification_sends" ("sent_at");
-- The token bucket of ROUT_NOTIFY_PER_SECOND, all replicas together: one row.
CREATE TABLE "notification_rate" ("id" smallint NOT NULL DEFAULT 1, "tokens" double precision NOT NULL, "at" timestamptz NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "notification_rate_one_row" CHECK ("id" = 1));
