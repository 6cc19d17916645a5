DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhooks;
DROP TABLE events;
DROP TABLE event_counter;
