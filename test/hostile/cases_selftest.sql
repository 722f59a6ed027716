-- placeholder self-test of the framework on built-ins (removed once codecs land)
INSERT INTO hostile_seeds SELECT 'uuid_in', convert_to(gen_random_uuid()::text, 'UTF8') FROM generate_series(1, 10);
SELECT hostile_case('uuid_in', '$1::uuid', '$1::uuid::text::uuid = $1::uuid', '{22P02}', :n, true);
INSERT INTO hostile_seeds SELECT 'utf8', convert_to('héllo wörld ' || g, 'UTF8') FROM generate_series(1, 10) g;
SELECT hostile_case('utf8', 'convert_from($1, ''UTF8'')', NULL, '{22021}', :n);
