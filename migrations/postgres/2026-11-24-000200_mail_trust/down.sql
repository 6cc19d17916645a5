DROP TABLE invitation_optouts;
DROP TABLE invitations_sent;
DROP TABLE move_receipts;
