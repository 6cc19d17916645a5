DROP TABLE mail_addresses;
