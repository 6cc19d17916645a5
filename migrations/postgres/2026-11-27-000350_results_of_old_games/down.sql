DROP TABLE results_to_record;
