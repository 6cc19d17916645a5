DROP TABLE inbound_messages;
