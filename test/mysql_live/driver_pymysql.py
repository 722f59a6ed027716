#!/usr/bin/python3
"""driver_pymysql.py: the live tests' scenario through PyMySQL.

    driver_pymysql.py run HOST PORT USER PASSWORD REPORT

PyMySQL (Debian's python3-pymysql) is a protocol implementation of its own,
in Python, with its default options; it speaks the text protocol only (no
server-side prepared statements, no compression).  It runs the text part of
driver.c's scenario and its LOAD DATA LOCAL INFILE (local_infile=True), and
writes the same report (see driver.c): what the library read, taken at the
library's own packet readers, so that rows are the bytes it received and
not its Python conversions.
"""
import os
import struct
import sys
import tempfile

import pymysql
import pymysql.connections as pc
import pymysql.err as perr

out = None
cmd = 0
last_error = {}
last_eof = {}


def hx(b):
    if b is None:
        return "N"
    if isinstance(b, str):
        b = b.encode("utf-8")
    return b.hex()


def emit(*fields):
    out.write("\t".join(str(f) for f in fields) + "\n")


# the bytes of each value, as the library read them
def raw_row(self, packet):
    return tuple(packet.read_length_coded_string() for _ in self.fields)


pc.MySQLResult._read_row_from_packet = raw_row

# the EOF that ends a result set: its status flags too
_check_eof = pc.MySQLResult._check_packet_is_eof


def check_eof(self, packet):
    if packet.is_eof_packet():
        data = packet.get_all_data()
        last_eof["warnings"], last_eof["status"] = struct.unpack("<HH", data[1:5])
    return _check_eof(self, packet)


pc.MySQLResult._check_packet_is_eof = check_eof

# the ERR packet's SQLSTATE, which the exception does not keep
_raise = perr.raise_mysql_exception


def raise_mysql_exception(data):
    last_error["sqlstate"] = data[4:9].decode() if data[3:4] == b"#" else None
    last_error["message"] = data[9:] if data[3:4] == b"#" else data[3:]
    return _raise(data)


perr.raise_mysql_exception = raise_mysql_exception


def log_cmd(typ, q):
    global cmd
    cmd += 1
    emit("cmd", cmd, typ, hx(q))


def log_err(e):
    emit("err", cmd, e.args[0], hx(last_error.get("sqlstate")), hx(last_error.get("message")))


def log_fields(rs, fields):
    for i, f in enumerate(fields, 1):
        emit("field", cmd, rs, i, hx(f.name), hx(f.org_name), hx(f.table_name), hx(f.org_table),
             hx(f.db), f.type_code, f.flags, f.charsetnr, f.length, f.scale)


def log_result(rs, res):
    if getattr(res, "fields", None):
        log_fields(rs, res.fields)
        for r, row in enumerate(res.rows or (), 1):
            emit("row", cmd, rs, r, *(hx(v) for v in row))
        emit("end", cmd, rs, last_eof.get("status"), last_eof.get("warnings"))
    else:
        # PyMySQL keeps the info as string<EOF>: servers write a
        # string<lenenc>, whose length byte it leaves in front
        info = res.message or b""
        if info and info[0] == len(info) - 1:
            info = info[1:]
        emit("ok", cmd, rs, res.affected_rows, res.insert_id or 0, res.server_status,
             res.warning_count, hx(info))


def query(conn, q):
    log_cmd(3, q)
    cur = conn.cursor()
    rs = 0
    try:
        cur.execute(q)
        log_result(rs, cur._result)
        while True:
            rs += 1
            if not cur.nextset():
                break
            log_result(rs, cur._result)
    except pymysql.MySQLError as e:
        log_err(e)
    cur.close()


def local_infile(conn):
    """LOAD DATA LOCAL INFILE of a file of 3000 lines (driver.c's local_infile)."""
    fd, path = tempfile.mkstemp(prefix="wc-live-infile-", dir="/tmp")
    content = b"".join(b"%d,\\N\n" % i if i % 97 == 0 else b"%d,line %d caf\xc3\xa9\n" % (i, i)
                       for i in range(1, 3001))
    with os.fdopen(fd, "wb") as f:
        f.write(content)
    query(conn, "LOAD DATA LOCAL INFILE '%s' INTO TABLE infile_t "
          "CHARACTER SET utf8mb4 FIELDS TERMINATED BY ',' (id, s)" % path)
    emit("infile", cmd, hx(content))
    os.unlink(path)
    query(conn, "SELECT COUNT(*), COUNT(s), SUM(id) FROM infile_t")


def scenario(conn):
    query(conn, "SET time_zone = '+00:00'")
    query(conn, "SET autocommit = 0")
    query(conn, "START TRANSACTION READ ONLY")
    query(conn, "SELECT COUNT(*) FROM all_types")
    query(conn, "COMMIT")
    query(conn, "SET autocommit = 1")
    log_cmd(2, "wc")
    try:
        conn.select_db("wc")
        emit("ok", cmd, 0, "N", 0, conn.server_status, 0, hx(b""))
    except pymysql.MySQLError as e:
        log_err(e)
    query(conn, "SELECT * FROM all_types ORDER BY id")
    query(conn, "SELECT id, v FROM big100k ORDER BY id")
    query(conn, "SELECT id, v FROM big100k WHERE id < 20000 ORDER BY id")
    query(conn, "SELECT REPEAT('x', 17000000) AS big, 1 AS one")
    query(conn, "SELECT * FROM no_such_table")
    query(conn, "INSERT INTO counters (n) VALUES (1), (2), (3)")
    query(conn, "UPDATE counters SET n = n + 1")
    query(conn, "SELECT CAST('12abc' AS SIGNED) AS warned")
    query(conn, "SELECT 1 AS a; SELECT 'x' AS b, NULL AS c; UPDATE counters SET n = n + 1; "
          "SELECT * FROM no_such_table2; SELECT 'not reached'")
    query(conn, "CALL two_results()")
    query(conn, "DELETE FROM counters WHERE n > 100")
    query(conn, "TRUNCATE TABLE infile_t")
    local_infile(conn)


def main():
    global out
    if len(sys.argv) < 7 or sys.argv[1] != "run":
        sys.stderr.write("usage: driver_pymysql.py run HOST PORT USER PASSWORD REPORT\n")
        return 2
    host, port, user, password, report = sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6]
    out = open(report, "w")
    # autocommit=None: no SET AUTOCOMMIT of its own, every command is the scenario's
    conn = pymysql.connect(host=host, port=port, user=user, password=password, database="wc",
                           charset="utf8mb4", autocommit=None, max_allowed_packet=64 << 20,
                           client_flag=pymysql.constants.CLIENT.MULTI_STATEMENTS, local_infile=True)
    scenario(conn)
    conn.close()
    log_cmd(1, None)
    out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
