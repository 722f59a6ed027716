-- plpgsql_fdb_peer.sql: "what users do today" without wirecodec: the tuple
-- layer written by hand in PL/pgSQL, for the two SQL-level benchmark cases
-- (pack (text, bigint); read the integer at index 1).  Correct for those
-- shapes (strings with NULs, every int64); loaded by
-- test/bench/sql_fdb_tuple.sql.

-- ('s', n) -> bytes, as fdb_tuple_pack(s, n)
CREATE FUNCTION plpgsql_fdb_pack_text_int8(s text, n bigint) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
	b bytea := convert_to(s, 'UTF8');
	out bytea := '\x02'::bytea;
	z int;
	mag numeric;
	body bytea;
	len int;
BEGIN
	-- escape each 00 as 00 ff
	LOOP
		z := position('\x00'::bytea IN b);
		EXIT WHEN z = 0;
		out := out || substring(b FROM 1 FOR z) || '\xff'::bytea;
		b := substring(b FROM z + 1);
	END LOOP;
	out := out || b || '\x00'::bytea;
	IF n = 0 THEN
		RETURN out || '\x14'::bytea;
	END IF;
	mag := abs(n::numeric);
	len := 0;
	WHILE mag >= 256 ^ len LOOP
		len := len + 1;
	END LOOP;
	IF n > 0 THEN
		body := substring(int8send(n) FROM 9 - len);
		RETURN out || set_byte('\x00'::bytea, 0, 20 + len) || body;
	END IF;
	-- negative: one's complement of |n| in len bytes = low bytes of n - 1
	-- (two's complement), except -2^63 whose complement is 0x7f ff .. ff
	IF n = -9223372036854775808 THEN
		body := '\x7fffffffffffffff'::bytea;
	ELSE
		body := substring(int8send(n - 1) FROM 9 - len);
	END IF;
	RETURN out || set_byte('\x00'::bytea, 0, 20 - len) || body;
END $$;

-- the integer element at index 1 of a packed tuple, as fdb_tuple_get_int8(k, 1)
CREATE FUNCTION plpgsql_fdb_get_int8_1(k bytea) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
	pos int := 1;			-- 1-based position in k
	code int;
	len int;
	v bigint := 0;
	i int;
BEGIN
	-- skip element 0 (a string or byte string: find the 00 not followed by ff)
	code := get_byte(k, 0);
	IF code NOT IN (1, 2) THEN
		RAISE EXCEPTION 'element 0 is not a string';
	END IF;
	LOOP
		i := position('\x00'::bytea IN substring(k FROM pos + 1));
		IF i = 0 THEN
			RAISE EXCEPTION 'unterminated string';
		END IF;
		pos := pos + i;
		EXIT WHEN pos >= length(k) OR get_byte(k, pos) <> 255;
		pos := pos + 1;
	END LOOP;
	-- element 1 starts at 0-based offset pos
	code := get_byte(k, pos);
	IF code = 20 THEN
		RETURN 0;
	ELSIF code > 20 AND code <= 28 THEN
		len := code - 20;
		FOR i IN 1..len LOOP
			v := (v << 8) | get_byte(k, pos + i);
		END LOOP;
		RETURN v;
	ELSIF code >= 12 AND code < 20 THEN
		len := 20 - code;
		FOR i IN 1..len LOOP
			v := (v << 8) | (255 - get_byte(k, pos + i));
		END LOOP;
		-- v holds |n|; for -2^63 it wrapped to -2^63 already
		RETURN CASE WHEN v < 0 THEN v ELSE -v END;
	END IF;
	RAISE EXCEPTION 'element 1 is not an int64';
END $$;
