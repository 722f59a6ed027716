<?php
/*
 * driver_php.php: the live tests' scenario through PHP's mysqlnd.
 *
 *   php driver_php.php run HOST PORT USER PASSWORD REPORT [compress]
 *
 * mysqlnd (Debian's php-mysql, used through mysqli) is a protocol
 * implementation of its own, in C inside PHP, with its default options
 * ("compress": and MYSQLI_CLIENT_COMPRESS, zlib).  It runs driver.c's
 * scenario: text queries, server-side prepared statements (binary rows,
 * with and without parameters), multi-statements and a stored procedure by
 * both protocols, the 100,000-row result and the 17 MB values, then from
 * its scenario_commands a read-only cursor, LOAD DATA LOCAL INFILE
 * (MYSQLI_OPT_LOCAL_INFILE; run.sh sets mysqli.allow_local_infile) and
 * change_user to another user and back, and writes
 * the same report (see driver.c): text rows as the strings mysqli returned,
 * binary rows as the values mysqlnd converted them to (integers, floats,
 * temporal values as text; other values as their bytes).  BIT, which
 * mysqlnd turns into an integer in both protocols, is that integer's bytes
 * at the column's width.
 *
 * Multi-statements: mysqli's multi_query, which sends COM_SET_OPTION before
 * and after (mysqlnd's statistics count them for the report).
 * mysqli does not expose the status flags of OK and EOF packets, but for
 * SERVER_MORE_RESULTS_EXISTS (more_results()): the report gives them as
 * MASK:VALUE, "8:8" or "8:0", the bits the library reported.
 */
mysqli_report(MYSQLI_REPORT_OFF);

$out = null;
$cmd = 0;
$m = null;

function hx($v)
{
	return $v === null ? 'N' : bin2hex((string) $v);
}

function emit(...$f)
{
	global $out;
	fwrite($out, implode("\t", $f) . "\n");
}

function log_cmd($type, $q)
{
	global $cmd;
	$cmd++;
	emit('cmd', $cmd, $type, hx($q));
}

function log_err($o)
{
	global $cmd;
	emit('err', $cmd, $o->errno, hx($o->sqlstate), hx($o->error));
}

function status($o)
{
	return '8:' . ($o->more_results() ? 8 : 0);
}

function log_fields($rs, $fields)
{
	global $cmd;
	foreach ($fields as $i => $f)
		emit('field', $cmd, $rs, $i + 1, hx($f->name), hx($f->orgname), hx($f->table),
			 hx($f->orgtable), hx($f->db), $f->type, $f->flags, $f->charsetnr, $f->length,
			 $f->decimals);
}

function log_ok($rs, $o)
{
	global $cmd, $m;
	$affected = $o->affected_rows;
	emit('ok', $cmd, $rs, $affected < 0 ? 'N' : $affected, $o->insert_id, status($o),
		 $m->warning_count, hx($m->info ?? ''));
}

/*
 * mysqli turns the server's multi-statement option on (multi_query) and off
 * (the next query or real_query) with COM_SET_OPTION as it goes: mysqlnd's
 * own statistics say how many it sent.
 */
$set_options = 0;

function log_set_options()
{
	global $m, $set_options;
	$n = (int) mysqli_get_connection_stats($m)['com_stmt_set_option'];
	for (; $set_options < $n; $set_options++)
		log_cmd(27, null);
}

/* A COM_QUERY and every result of it (text protocol; multi: multi_query). */
function query($q, $multi = false)
{
	global $m, $cmd;
	$ok = $multi ? $m->multi_query($q) : $m->real_query($q);
	log_set_options();
	log_cmd(3, $q);
	if (!$ok) {
		log_err($m);
		return;
	}
	$rs = 0;
	for (;;) {
		$res = $m->store_result();
		if ($res) {
			$fields = $res->fetch_fields();
			log_fields($rs, $fields);
			$r = 0;
			while (($row = $res->fetch_row()) !== null) {
				foreach ($row as $i => &$v)
					$v = $fields[$i]->type == MYSQLI_TYPE_BIT ? bit_value($v, $fields[$i]) : hx($v);
				unset($v);
				emit('row', $cmd, $rs, ++$r, ...$row);
			}
			emit('end', $cmd, $rs, status($m), $m->warning_count);
			$res->free();
		} elseif ($m->field_count == 0 && $m->errno == 0)
			log_ok($rs, $m);
		else {
			fwrite(STDERR, "driver_php: store_result: {$m->errno} {$m->error}\n");
			exit(1);
		}
		$rs++;
		if (!$m->more_results())
			break;
		if (!$m->next_result()) {
			log_err($m);
			break;
		}
	}
}

/* BIT: mysqlnd turns the bytes into an integer (in text rows too): its bytes at the column's width. */
function bit_value($v, $f)
{
	if ($v === null)
		return 'N';
	return str_pad(dechex((int) $v), 2 * intdiv($f->length + 7, 8), '0', STR_PAD_LEFT);
}

/* One binary-protocol value as mysqlnd converted it. */
function binary_value($v, $f)
{
	if ($v === null)
		return 'N';
	if ($f->type == MYSQLI_TYPE_BIT)
		return bit_value($v, $f);
	if (is_int($v))
		return bin2hex((string) $v);
	if (is_float($v))
		return bin2hex(var_export($v, true));
	return bin2hex($v);
}

/* COM_STMT_PREPARE, COM_STMT_EXECUTE (binary rows, every result set), COM_STMT_CLOSE. */
function prepared($q, $types = '', ...$params)
{
	global $m, $cmd;
	$st = $m->stmt_init();
	$ok = $st->prepare($q);
	log_set_options();
	log_cmd(22, $q);
	if (!$ok) {
		log_err($st);
		return;
	}
	if ($types !== '')
		$st->bind_param($types, ...$params);
	log_cmd(23, null);
	if (!$st->execute())
		log_err($st);
	else {
		$rs = 0;
		for (;;) {
			$meta = $st->result_metadata();
			if ($meta) {
				$fields = $meta->fetch_fields();
				log_fields($rs, $fields);
				$res = $st->get_result();
				if (!$res) {
					fwrite(STDERR, "driver_php: get_result: {$st->errno} {$st->error}\n");
					exit(1);
				}
				$r = 0;
				while (($row = $res->fetch_row()) !== null) {
					$vals = [];
					foreach ($row as $i => $v)
						$vals[] = binary_value($v, $fields[$i]);
					emit('row', $cmd, $rs, ++$r, ...$vals);
				}
				emit('end', $cmd, $rs, status($st), $m->warning_count);
				$res->free();
			} else
				log_ok($rs, $st);
			$rs++;
			if (!$st->more_results())
				break;
			if (!$st->next_result()) {
				log_err($st);
				break;
			}
		}
	}
	$st->close();
	log_cmd(25, null);
}

/* ---- a cursor, LOCAL INFILE, change user (driver.c's scenario_commands) ---- */

/* mysqlnd's count of a command it sent (its connection statistics) */
function sent($what)
{
	global $m;
	return (int) mysqli_get_connection_stats($m)[$what];
}

/*
 * A prepared SELECT read through a read-only cursor (driver.c's
 * cursor_select), one row per COM_STMT_FETCH (STMT_ATTR_PREFETCH_ROWS 1:
 * mysqlnd does not prefetch): its statistics say when it sent one (rows
 * numbered from 1 under each fetch).
 * mysqli gives no status flags: "cursor" and "fetch" lines say "?".
 */
function cursor_select($q, $ip)
{
	global $m, $cmd;
	$st = $m->stmt_init();
	log_cmd(22, $q);
	if (!$st->prepare($q) || !$st->attr_set(MYSQLI_STMT_ATTR_CURSOR_TYPE, MYSQLI_CURSOR_TYPE_READ_ONLY) ||
		!$st->attr_set(MYSQLI_STMT_ATTR_PREFETCH_ROWS, 1) || !$st->bind_param('i', $ip)) {
		fwrite(STDERR, "driver_php: cursor prepare: {$st->errno} {$st->error}\n");
		exit(1);
	}
	log_cmd(23, null);
	if (!$st->execute()) {
		fwrite(STDERR, "driver_php: cursor execute: {$st->errno} {$st->error}\n");
		exit(1);
	}
	emit('cursor', $cmd, '?');
	$fields = $st->result_metadata()->fetch_fields();
	$id = $v = null;
	$st->bind_result($id, $v);
	$fetches = sent('com_stmt_fetch');
	for (;;) {
		$fr = $st->fetch();
		$now = sent('com_stmt_fetch');
		for (; $fetches < $now; $fetches++) {
			log_cmd(28, null);
			$r = 0;
			emit('fetch', $cmd, '?');
			if ($fr === true)
				log_fields(0, $fields);
		}
		if ($fr !== true)
			break;
		emit('row', $cmd, 0, ++$r, hx($id), hx($v));
	}
	if ($fr === false) {
		fwrite(STDERR, "driver_php: cursor fetch: {$st->errno} {$st->error}\n");
		exit(1);
	}
	$st->close();
	log_cmd(25, null);
}

/* LOAD DATA LOCAL INFILE of a file of 3000 lines (driver.c's local_infile). */
function local_infile()
{
	global $cmd;
	$path = tempnam('/tmp', 'wc-live-infile-');
	$content = '';
	for ($i = 1; $i <= 3000; $i++)
		$content .= $i % 97 == 0 ? "$i,\\N\n" : "$i,line $i caf\xc3\xa9\n";
	file_put_contents($path, $content);
	query("LOAD DATA LOCAL INFILE '$path' INTO TABLE infile_t "
		  . "CHARACTER SET utf8mb4 FIELDS TERMINATED BY ',' (id, s)");
	emit('infile', $cmd, hx($content));
	unlink($path);
	query("SELECT COUNT(*), COUNT(s), SUM(id) FROM infile_t");
}

/* COM_CHANGE_USER (driver.c's change_user) */
function change_user($user, $password)
{
	global $m, $cmd;
	log_cmd(17, null);
	emit('change', $cmd, hx($user));
	if (!$m->change_user($user, $password, 'wc')) {
		fwrite(STDERR, "driver_php: change_user $user: {$m->errno} {$m->error}\n");
		exit(1);
	}
	query("SELECT CURRENT_USER()");
}

function scenario_commands()
{
	global $m, $user, $password;
	query("TRUNCATE TABLE infile_t");
	cursor_select("SELECT id, v FROM big100k WHERE id < ? ORDER BY id", 300);
	local_infile();
	/* mysql_native_password on MariaDB, caching_sha2_password on MySQL */
	if (stripos($m->server_info, 'mariadb') !== false)
		change_user('wc_native', 'pw2');
	else
		change_user('wc_sha2', 'pw2');
	change_user($user, $password);
}

function scenario()
{
	global $m;
	query("SET time_zone = '+00:00'");
	query("SET autocommit = 0");
	query("START TRANSACTION READ ONLY");
	query("SELECT COUNT(*) FROM all_types");
	query("COMMIT");
	query("SET autocommit = 1");
	log_cmd(2, 'wc');
	if (!$m->select_db('wc'))
		log_err($m);
	else
		log_ok(0, $m);
	query("USE wc");
	query("SELECT * FROM all_types ORDER BY id");
	prepared("SELECT * FROM all_types ORDER BY id");
	prepared("SELECT id, c_vchar, c_ubig FROM all_types WHERE id >= ? AND c_vchar <> ? ORDER BY id",
			 'is', 2, 'y');
	query("SELECT id, v FROM big100k ORDER BY id");
	prepared("SELECT id, v FROM big100k ORDER BY id");
	query("SELECT id, v FROM big100k WHERE id < 20000 ORDER BY id");
	query("SELECT REPEAT('x', 17000000) AS big, 1 AS one");
	prepared("SELECT REPEAT(_utf8mb4 '\xf0\x9f\x98\x80', 4300000) AS big, 2 AS two");
	query("SELECT * FROM no_such_table");
	prepared("SELECT * FROM no_such_table");
	query("INSERT INTO counters (n) VALUES (1), (2), (3)");
	prepared("INSERT INTO counters (n) VALUES (?), (?)", 'ii', 7, 8);
	query("UPDATE counters SET n = n + 1");
	query("SELECT CAST('12abc' AS SIGNED) AS warned");
	query("SELECT 1 AS a; SELECT 'x' AS b, NULL AS c; UPDATE counters SET n = n + 1; "
		  . "SELECT * FROM no_such_table2; SELECT 'not reached'", true);
	query("CALL two_results()");
	prepared("CALL two_results()");
	query("DELETE FROM counters WHERE n > 100");
	query("SET character_set_results = NULL");
	query("SELECT id, c_latin, c_vchar FROM all_types ORDER BY id");
	query("SET character_set_results = utf8mb4");
	scenario_commands();
}

if ($argc < 7 || $argv[1] !== 'run') {
	fwrite(STDERR, "usage: driver_php.php run HOST PORT USER PASSWORD REPORT [compress]\n");
	exit(2);
}
[, , $host, $port, $user, $password, $report] = $argv;
$out = fopen($report, 'w');
$m = mysqli_init();
$m->options(MYSQLI_SET_CHARSET_NAME, 'utf8mb4');
$m->options(MYSQLI_OPT_LOCAL_INFILE, true);
$flags = 0;
if (($argv[7] ?? '') === 'compress')
	$flags |= MYSQLI_CLIENT_COMPRESS;
if (!$m->real_connect($host, $user, $password, 'wc', (int) $port, null, $flags)) {
	fwrite(STDERR, "driver_php: connect: {$m->connect_errno} {$m->connect_error}\n");
	exit(1);
}
scenario();
log_set_options();
$m->close();
log_cmd(1, null);
fclose($out);
exit(0);
