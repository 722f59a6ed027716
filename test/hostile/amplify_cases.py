"""amplify_cases.py: the inputs of the amplification test (amplify.py).

Each case is a small input chosen to make one SQL decoder do as much work
as it can: binary JSON whose entries share a child (a DAG whose text
doubles per level) inside a valid binlog, deep nesting, compression bombs
(zstd TRANSACTION_PAYLOAD_EVENTs, MariaDB compressed row events, compressed
protocol packets), declared lengths near 4 GB, and, per decoder, the input
with the largest output per input byte.  The bytes are built here; the SQL
of a case reads them as column b of its row in amplify_inputs.
"""
import functools
import struct
import zlib

# ---------------------------------------------------------------- helpers


def le16(v):
    return struct.pack('<H', v)


def le24(v):
    return struct.pack('<I', v)[:3]


def le32(v):
    return struct.pack('<I', v)


def lenenc(v):
    """A MySQL length-encoded integer."""
    if v < 251:
        return bytes([v])
    if v < 1 << 16:
        return b'\xfc' + le16(v)
    if v < 1 << 24:
        return b'\xfd' + le24(v)
    return b'\xfe' + struct.pack('<Q', v)


def lenenc_str(s):
    return lenenc(len(s)) + s


def packet(payload, seq):
    """One MySQL packet (payload under 16 MB)."""
    return le24(len(payload)) + bytes([seq & 255]) + payload


@functools.lru_cache(maxsize=None)
def deflate(raw):
    """zlib at level 9, each distinct input compressed once."""
    return zlib.compress(raw, 9)


@functools.lru_cache(maxsize=None)
def compressed_statement(stmt, spaces):
    """MariaDB's compressed statement (QUERY_COMPRESSED_EVENT): stmt then
    spaces spaces, its length (4 bytes, big-endian) and zlib's stream."""
    raw = stmt + b' ' * spaces
    return b'\x84' + struct.pack('>I', len(raw)) + zlib.compress(raw, 9)


def compressed_packet(raw, seq, declared=None):
    """One zlib-compressed protocol packet; declared overrides the
    uncompressed length in its header."""
    z = deflate(raw)
    return le24(len(z)) + bytes([seq & 255]) + le24(len(raw) if declared is None else declared) + z


def zstd_rle_frame(total, declared=None):
    """A zstd frame of total zero bytes written as RLE blocks of 128 KiB
    (4 bytes each), the frame content size set to declared (default total)."""
    size = total if declared is None else declared
    out = [b'\x28\xb5\x2f\xfd' + b'\xe0' + struct.pack('<Q', size)]	# single segment, 8-byte size
    left = total
    while True:
        n = min(left, 128 * 1024)
        left -= n
        last = 1 if left == 0 else 0
        out.append(le24(n << 3 | 1 << 1 | last) + b'\x00')	# RLE block of n zeros
        if last:
            return b''.join(out)


# ---------------------------------------------------------------- binlogs

BINLOG_MAGIC = b'\xfebin'


def fde_from(path):
    """The FORMAT_DESCRIPTION_EVENT (CRC32 on) of a real binlog file."""
    b = open(path, 'rb').read()
    size = struct.unpack_from('<I', b, 4 + 9)[0]
    return b[4:4 + size]


class Binlog:
    """A binlog under construction: events with CRC32 and log positions."""

    def __init__(self, fde):
        self.parts = [BINLOG_MAGIC + fde]
        self.size = len(self.parts[0])

    @property
    def b(self):
        """The file so far."""
        if len(self.parts) > 1:
            self.parts = [b''.join(self.parts)]
        return self.parts[0]

    def event(self, etype, body):
        size = 19 + len(body) + 4
        head = le32(1700000000) + bytes([etype]) + le32(1) + le32(size) + le32(self.size + size) + le16(0)
        ev = head + body
        self.parts.append(ev + le32(zlib.crc32(ev) & 0xffffffff))
        self.size += size
        return self

    def table_map(self, types, meta, nullable, table_id=0x7f, db=b'test', table=b't', names=None):
        """A TABLE_MAP; names: the optional metadata's COLUMN_NAME field."""
        body = table_id.to_bytes(6, 'little') + le16(1)
        body += bytes([len(db)]) + db + b'\x00' + bytes([len(table)]) + table + b'\x00'
        body += lenenc(len(types)) + bytes(types) + lenenc_str(meta)
        body += bytes([(1 if nullable else 0) * ((1 << min(len(types), 8)) - 1)]) * ((len(types) + 7) // 8)
        if names is not None:
            body += b'\x04' + lenenc_str(b''.join(lenenc_str(n) for n in names))
        return self.event(19, body)

    def write_rows(self, ncols, rows, etype=30, table_id=0x7f):
        body = table_id.to_bytes(6, 'little') + le16(1) + le16(2)	# flags, no extra data
        body += lenenc(ncols) + b'\xff' * ((ncols + 7) // 8) + rows
        return self.event(etype, body)

    # MariaDB's events (its FORMAT_DESCRIPTION: version 1 row events)
    def gtid(self, seq, flags=0x0c):
        """MariaDB's GTID_EVENT 0-1-seq: a transaction follows (flags without
        FL_STANDALONE), up to its XID or COMMIT / ROLLBACK."""
        return self.event(162, struct.pack('<QI', seq, 0) + bytes([flags]) + b'\x00' * 6)

    def xid(self, n):
        return self.event(16, struct.pack('<Q', n))

    def query(self, stmt, db=b'test', zeros=None):
        """A QUERY_EVENT; with zeros, a QUERY_COMPRESSED_EVENT whose
        statement, stmt followed by zeros spaces, is zlib-compressed."""
        head = le32(0) + le32(0) + bytes([len(db)]) + le16(0) + le16(0) + db + b'\x00'
        if zeros is None:
            return self.event(2, head + stmt)
        return self.event(165, head + compressed_statement(stmt, zeros))

    def rows_v1(self, etype, ncols, present, rows, present_after=None, table_id=0x7f):
        """A version 1 row event (23 write, 24 update, 25 delete) of the
        columns whose bits are set in present (and, for an update,
        present_after): bitmaps as bytes."""
        body = table_id.to_bytes(6, 'little') + le16(1) + lenenc(ncols) + present
        if present_after is not None:
            body += present_after
        return self.event(etype, body + rows)


def json_dag(levels):
    """MySQL binary JSON: a small array of two entries that both point at
    the same child array, levels deep, over [null, null]: 10 bytes per
    level, text length doubling per level."""
    body = le16(2) + le16(10) + b'\x04\x00\x00' * 2	# [null, null]
    for _ in range(levels):
        size = 10 + len(body)
        body = le16(2) + le16(size) + (b'\x02' + le16(10)) * 2 + body
    return b'\x02' + body


def json_deep(levels):
    """MySQL binary JSON nested levels deep ([[[...]]]), large arrays
    (4-byte offsets) so that the depth is not limited by 64 KiB."""
    heads = []
    size = 8	# []: count 0, size 8
    for _ in range(levels):
        size += 13
        heads.append(le32(1) + le32(size) + b'\x03' + le32(13))
    return b'\x03' + b''.join(reversed(heads)) + le32(0) + le32(8)


def mysql_json_binlog(fde, doc):
    """A MySQL 8.0 binlog: one table (a JSON column) and one row holding doc."""
    bl = Binlog(fde).table_map([245], b'\x04', True)
    return bl.write_rows(1, b'\x00' + le32(len(doc)) + doc).b


def mysql_payload_binlog(fde, frame, raw_size):
    """A MySQL 8.0 binlog whose TRANSACTION_PAYLOAD_EVENT holds the zstd
    frame and announces raw_size uncompressed bytes."""
    def field(t, v):
        enc = lenenc(v)
        return bytes([t]) + lenenc(len(enc)) + enc
    body = field(1, len(frame)) + field(2, 0) + field(3, raw_size) + b'\x00' + frame
    return Binlog(fde).event(40, body).b


def mariadb_compressed_rows(fde, zeros, declared=None):
    """A MariaDB binlog: a table of one TINYINT NOT NULL, and a
    WRITE_ROWS_COMPRESSED_EVENT whose rows part inflates to zeros zero bytes
    (zeros / 2 rows of 0); declared overrides the inflated length."""
    raw = b'\x00' * zeros
    rec = b'\x84' + struct.pack('>I', zeros if declared is None else declared) + deflate(raw)
    return Binlog(fde).table_map([1], b'', False).write_rows(1, rec, etype=169).b


def bitmap(ncols, present):
    """A row event's column bitmap of ncols with the columns present set."""
    b = bytearray((ncols + 7) // 8)
    for i in present:
        b[i >> 3] |= 1 << (i & 7)
    return bytes(b)


def apply_wide_updates(fde, events, ncols=1600, carried=800, unmapped=0):
    """A MariaDB transaction on a table of ncols columns (an INT key, then
    TINYINTs): events UPDATE_ROWS events of row 1, each before image its key
    alone and each after image (MINIMAL images) a different set of carried
    columns, all NULL: every event needs a plan of its own.  unmapped: that
    many TABLE_MAPs of tables that map nowhere first."""
    import random
    r = random.Random(1600)
    bl = Binlog(fde).gtid(1)
    for i in range(unmapped):
        bl.table_map([3], b'', False, table_id=0x100 + i, table=b'm%d' % i)
    bl.table_map([3] + [1] * (ncols - 1), b'', True, table=b'wide')
    before = bitmap(ncols, [0])
    row = b'\x00' + le32(1) + b'\xff' * ((carried + 7) // 8)
    for _ in range(events):
        bl.rows_v1(24, ncols, before, row, bitmap(ncols, sorted(r.sample(range(1, ncols), carried))))
    return bl.xid(1).b


def apply_compressed_statements(fde, n, spaces, stmt=b'INSERT INTO elsewhere VALUES (0)'):
    """n statements (a GTID each, FL_STANDALONE) in MariaDB's
    QUERY_COMPRESSED_EVENTs, each stmt then spaces spaces: of a table that
    maps nowhere, so the apply reads each and goes on."""
    bl = Binlog(fde)
    for i in range(n):
        bl.gtid(i + 1, flags=0x01).query(stmt, zeros=spaces)
    return bl.b


def apply_tiny_transactions(fde, n):
    """n transactions of one one-row insert into table small each, every
    second one rolled back (ROLLBACK instead of an XID)."""
    bl = Binlog(fde)
    for i in range(n):
        bl.gtid(i + 1).table_map([3], b'', False, table=b'small')
        bl.rows_v1(23, 1, b'\x01', b'\x00' + le32(i + 1))
        if i % 2:
            bl.query(b'ROLLBACK')
        else:
            bl.xid(i + 1)
    return bl.b


def apply_table_maps(fde, n, distinct):
    """One transaction of n TABLE_MAPs, each its own table id, of table
    small (distinct: of n tables m0, m1, ... that map nowhere), then one
    row of the last id."""
    bl = Binlog(fde).gtid(1)
    for i in range(n):
        bl.table_map([3], b'', False, table_id=0x100 + i, table=b'm%d' % i if distinct else b'small')
    return bl.rows_v1(23, 1, b'\x01', b'\x00' + le32(1), table_id=0x100 + n - 1).xid(1).b


# ---------------------------------------------------------------- cases

# The large object of a case's input (the writers' _lo functions; amplify.py
# makes it before the call)
LO = '(SELECT o FROM amplify_apply.lo l WHERE l.name = amplify_inputs.name)'

# The server's handshake (MariaDB 10.11, CLIENT_COMPRESS) of the captured
# compressed conversation in cases_mysql.sql.
HANDSHAKE = bytes.fromhex(
    '640000000a352e352e352d31302e31312e31392d4d6172696144422d302b64656231327531000f000000514c684769'
    '5b6a2400fef7080200ff81150000000000001d0000006f297a4e57494663425c2c62006d7973716c5f6e6174697665'
    '5f70617373776f726400')
# and the server's OK to the handshake response, sent before compression starts
AUTH_OK = packet(b'\x00\x00\x00\x02\x40\x00\x00\x00\x04\x01\x02\x01\x74', 2)


def text_resultset(ncols, coldef, nrows, row):
    """A text result set (EOF style) after a COM_QUERY: column count,
    ncols definitions, EOF, nrows rows, EOF; sequence ids from 1."""
    out = [packet(lenenc(ncols), 1)]
    seq = 2
    for _ in range(ncols):
        out.append(packet(coldef, seq))
        seq += 1
    out.append(packet(b'\xfe\x00\x00\x02\x00', seq))
    seq += 1
    for _ in range(nrows):
        out.append(packet(row, seq))
        seq += 1
    out.append(packet(b'\xfe\x00\x00\x02\x00', seq))
    return b''.join(out)


def coldef(name=b'c', ctype=0xfd, pad=0):
    """A column definition (protocol 4.1) of a VAR_STRING column; pad
    lengthens its original-name field."""
    return (lenenc_str(b'def') + lenenc_str(b'') + lenenc_str(b't') + lenenc_str(b't')
            + lenenc_str(name) + lenenc_str(name + b'x' * pad) + b'\x0c' + le16(33) + le32(255)
            + bytes([ctype]) + le16(0) + b'\x00\x00\x00')


def cases(root):
    """Every case: (name, decoder, input bytes, SQL expression over b giving
    the output bytes, expected outcomes, long, writer, known).  expected
    holds 'ok' and/or SQLSTATEs; long marks inputs that may legitimately run
    until the case's statement_timeout (57014 then counts as expected);
    writer runs the case as the unprivileged amplify_writer, whose schema
    amplify_apply holds the target tables; known, when not None, says which
    bound the code is known to break on this input and where; cancel_after
    (seconds) when the cancel is sent, 0.2 unless given."""
    my80 = fde_from(root + '/test/vectors/binlog/mysql-8.0-payload.bin')
    maria = fde_from(root + '/test/vectors/binlog/mariadb-10.11-full-compressed.bin')
    rows_sql = '(SELECT coalesce(sum(octet_length(r::text)), 0) FROM mysql_binlog_rows(b) r)'
    events_sql = '(SELECT coalesce(sum(octet_length(r::text)), 0) FROM mysql_binlog_events(b) r)'
    srf = '(SELECT coalesce(sum(octet_length(r::text)), 0) FROM {} r)'
    c = []

    def add(name, decoder, data, sql, expect=('ok',), long=False, writer=False, known=None,
            cancel_after=None):
        c.append((name, decoder, data, sql, frozenset(expect), long, writer, known, cancel_after))

    # ---- MySQL binlog: binary JSON ----
    add('binlog JSON DAG 20 levels', 'mysql_binlog_rows', mysql_json_binlog(my80, json_dag(20)),
        rows_sql, ('22P03', '54000'))
    add('binlog JSON DAG 40 levels', 'mysql_binlog_rows', mysql_json_binlog(my80, json_dag(40)),
        rows_sql, ('22P03', '54000'))
    add('binlog JSON 100000 levels deep', 'mysql_binlog_rows', mysql_json_binlog(my80, json_deep(100000)),
        rows_sql, ('ok', '22P03', '54000', '54001'))
    add('binlog JSON DAG, events only', 'mysql_binlog_events', mysql_json_binlog(my80, json_dag(40)),
        events_sql)
    # ---- MySQL binlog: zstd TRANSACTION_PAYLOAD_EVENT ----
    add('binlog zstd payload 1 GiB of zeros', 'mysql_binlog_rows',
        mysql_payload_binlog(my80, zstd_rle_frame(1 << 30), 1 << 30), rows_sql, ('22P03', '54000'))
    add('binlog zstd payload 1 GiB, events', 'mysql_binlog_events',
        mysql_payload_binlog(my80, zstd_rle_frame(1 << 30), 1 << 30), events_sql, ('ok', '22P03', '54000'))
    add('binlog zstd payload claims 4 GiB', 'mysql_binlog_rows',
        mysql_payload_binlog(my80, zstd_rle_frame(1 << 17, (1 << 32) - 1), (1 << 32) - 1), rows_sql,
        ('22P03', '54000'))
    add('binlog zstd payload claims 2^62', 'mysql_binlog_rows',
        mysql_payload_binlog(my80, zstd_rle_frame(1 << 17), 1 << 62), rows_sql, ('22P03', '54000'))
    # ---- MariaDB compressed row events ----
    add('binlog MariaDB rows inflating to 8 MiB of zero rows', 'mysql_binlog_rows (compressed)',
        mariadb_compressed_rows(maria, 8 << 20), rows_sql, ('ok', '54000'), long=True)
    add('binlog MariaDB rows claiming 4 GiB', 'mysql_binlog_rows (compressed)',
        mariadb_compressed_rows(maria, 1 << 16, (1 << 32) - 1), rows_sql, ('22P03', '54000'))
    add('binlog_load MariaDB 8 MiB of zero rows', 'mysql_binlog_load (compressed)',
        mariadb_compressed_rows(maria, 8 << 20),
        "mysql_binlog_load(b, 'test', 't', 'pg_temp.amplify_tiny')", ('ok', '54000'), long=True)
    add('binlog typed rows MariaDB 8 MiB of zero rows', 'mysql_binlog_rows(typed) (compressed)',
        mariadb_compressed_rows(maria, 8 << 20),
        "(SELECT coalesce(sum(octet_length(r::text)), 0) FROM mysql_binlog_rows(b, 'test', 't', NULL::pg_temp.amplify_tiny) r)",
        ('ok', '54000'), long=True)
    # ---- uncompressed row events: 1 MiB of two-byte rows ----
    plain = Binlog(my80).table_map([1], b'', False).write_rows(1, b'\x00' * (1 << 20)).b
    add('binlog rows: 1 MiB of zero rows', 'mysql_binlog_rows', plain, rows_sql)
    add('binlog_load: 1 MiB of zero rows', 'mysql_binlog_load', plain,
        "mysql_binlog_load(b, 'test', 't', 'pg_temp.amplify_tiny')")
    add('binlog typed rows: 1 MiB of zero rows', 'mysql_binlog_rows(typed)', plain,
        "(SELECT coalesce(sum(octet_length(r::text)), 0) FROM mysql_binlog_rows(b, 'test', 't', NULL::pg_temp.amplify_tiny) r)")
    # ---- binlog: table shapes (one row per column of each new shape) ----
    wide = Binlog(my80)
    for k in range(200):
        wide.table_map([1] * 1000, b'', True, table_id=k + 1, db=b'd' * 64,
                       table=b't%062d' % k)
    add('binlog_tables: 200 shapes of 1,000 columns, 64-byte names', 'mysql_binlog_tables', wide.b,
        srf.format('mysql_binlog_tables(b)'))
    add('binlog_tables: a column name that is not UTF-8', 'mysql_binlog_tables',
        Binlog(my80).table_map([1, 1], b'', True, names=[b'ok', b'\xff\xfe']).b,
        srf.format('mysql_binlog_tables(b)'), ('22P03',))
    add('binlog apply plan: a GTID inside the transaction of another', 'mysql_binlog_apply_plan',
        Binlog(maria).gtid(1).gtid(2).xid(1).b, srf.format('mysql_binlog_apply_plan(b)'), ('22P03',))
    same = Binlog(my80)
    for _ in range(20000):
        same.table_map([1] * 50, b'', True)
    add('binlog_tables: one shape mapped 20,000 times', 'mysql_binlog_tables', same.b,
        srf.format('mysql_binlog_tables(b)'))
    # ---- binlog: huge declared event length ----
    big = bytearray(Binlog(my80).event(2, b'\x00' * 32).b)
    struct.pack_into('<I', big, 4 + len(my80) + 9, 0xfffffff0)
    add('binlog event length near 4 GiB', 'mysql_binlog_events', bytes(big), events_sql, ('22P03',))

    # ---- the writers, as amplify_writer into its own schema amplify_apply ----
    # rows written (inserted + updated + deleted: the summary row)
    apply_sql = ("(SELECT inserted + updated + deleted FROM mysql_binlog_apply(b, 'amplify', 'amplify_apply', "
                 "schema_name => 'test') WHERE target IS NULL)")
    # 100 UPDATE events of a 1,600-column table, each carrying its own 800
    # columns: 100 plans of about 1.5 MB, past the 64 MB cap.
    add('apply: 1,600 columns, 100 updates of 800 other columns each', 'mysql_binlog_apply (1,600 columns)',
        apply_wide_updates(maria, 100), apply_sql, writer=True)
    # 100,000 tables named, then 5,000 updates of 2 other columns each: past
    # the 1,024 plans kept, each new plan frees the least recently used one
    # (not a walk of the 100,000 tables per plan freed)
    add('apply: 100,000 tables, then 5,000 updates of 2 other columns each',
        'mysql_binlog_apply (plans evicted)', apply_wide_updates(maria, 5000, carried=2, unmapped=100000),
        apply_sql, writer=True)
    add('apply: 10 compressed statements of 64 MiB', 'mysql_binlog_apply (compressed)',
        apply_compressed_statements(maria, 10, 64 << 20), apply_sql, writer=True)
    # 4,000 statements read to their first 256 KB each: 1 GB inflated, about
    # 4 s; the cancel comes 3 s in
    add('apply: 4,000 compressed statements of 1 MiB, cancel 3 s in', 'mysql_binlog_apply (compressed)',
        apply_compressed_statements(maria, 4000, 1 << 20), apply_sql, ('ok', '57014'), long=True,
        writer=True, cancel_after=3.0)
    add('apply: 200,000 tiny transactions, half rolled back', 'mysql_binlog_apply (200,000 transactions)',
        apply_tiny_transactions(maria, 200000), apply_sql, writer=True)
    add('apply: 100,000 TABLE_MAPs of one table', 'mysql_binlog_apply (100,000 table maps)',
        apply_table_maps(maria, 100000, False), apply_sql, writer=True)
    add('apply: 100,000 TABLE_MAPs of 100,000 tables', 'mysql_binlog_apply (100,000 table maps)',
        apply_table_maps(maria, 100000, True), apply_sql, writer=True)
    add('apply_lo: 10 compressed statements of 64 MiB', 'mysql_binlog_apply_lo',
        apply_compressed_statements(maria, 10, 64 << 20),
        "(SELECT inserted + updated + deleted FROM mysql_binlog_apply_lo(%s, 'amplify', "
        "'amplify_apply', schema_name => 'test') WHERE target IS NULL)" % LO, writer=True)
    add('binlog_load_lo: 1 MiB of zero rows', 'mysql_binlog_load_lo', plain,
        "mysql_binlog_load_lo(%s, 'test', 't', 'amplify_apply.tiny')" % LO, writer=True)
    add('fdb_tuple_load: 100,000 keys of one NULL', 'fdb_tuple_load', b'\x00' * 100000,
        "(SELECT fdb_tuple_load(array_agg(fdb_tuple(substr(b, i, 1))), 'amplify_apply.one') "
        "FROM generate_series(1, octet_length(b)) i)", writer=True)
    add('fdb_tuple_load: one key of 1 MiB escaped NULs', 'fdb_tuple_load',
        b'\x01' + b'\x00\xff' * (1 << 19) + b'\x00',
        "fdb_tuple_load(ARRAY[fdb_tuple(b)], 'amplify_apply.one')", writer=True)

    # ---- compressed protocol (mysql_conversation) ----
    # the server's side alone: the handshake, the OK, then compressed
    # packets (sequence ids from 1) holding a result set of NULL rows
    nulls = text_resultset(1, coldef(), (16 << 20) // 5 - 20, b'\xfb')
    add('conversation compressed 16 MiB of NULL rows', 'mysql_conversation (compressed)',
        HANDSHAKE + AUTH_OK + compressed_packet(nulls, 1),
        srf.format('mysql_conversation(b)'), ('ok', '54000'), long=True)
    add('conversation compressed packets claiming 16 MiB each', 'mysql_conversation (compressed)',
        HANDSHAKE + AUTH_OK + b''.join(compressed_packet(packet(b'\x01', 1), i + 1, declared=0xffffff)
                                       for i in range(64)),
        srf.format('mysql_conversation(b)'), ('22P03', '54000'))
    add('conversation compressed 64 x 16 MiB of zeros', 'mysql_conversation (compressed)',
        HANDSHAKE + AUTH_OK + b''.join(compressed_packet(b'\x00' * 0xffffff, i + 1) for i in range(64)),
        srf.format('mysql_conversation(b)'), ('22P03', '54000'))
    # a result set of 64 columns with 1 KiB definitions, then 1000 rows of
    # 68 bytes: the definitions are repeated on every row
    add('conversation 20000 rows of 8 NULLs', 'mysql_conversation',
        HANDSHAKE + AUTH_OK + text_resultset(8, coldef(), 20000, b'\xfb' * 8),
        srf.format('mysql_conversation(b)'), ('ok',))
    add('conversation columns repeated on every row', 'mysql_conversation (definitions on every row)',
        HANDSHAKE + AUTH_OK + text_resultset(64, coldef(pad=1000), 1000, b'\xfb' * 64),
        srf.format('mysql_conversation(b)'), ('ok', '22P03', '54000'))
    add('conversation_rows 1000 rows of 64 NULLs', 'mysql_conversation_rows',
        HANDSHAKE + AUTH_OK + text_resultset(64, coldef(pad=1000), 1000, b'\xfb' * 64),
        srf.format('mysql_conversation_rows(b, NULL::pg_temp.amplify_wide)'),
        ('ok', '22P03', '0A000', '54000'))
    add('conversation_load 1000 rows of 64 NULLs', 'mysql_conversation_load',
        HANDSHAKE + AUTH_OK + text_resultset(64, coldef(pad=1000), 1000, b'\xfb' * 64),
        "mysql_conversation_load(b, 'pg_temp.amplify_wide') * 64",
        ('ok', '22P03', '0A000', '54000'))
    add('packets: 4-byte empty packets', 'mysql_packets', packet(b'', 0) * 250000,
        srf.format('mysql_packets(b)'), ('ok', '22P03'))
    add('packets: packet length 16 MiB - 1 declared, 8 bytes given', 'mysql_packets',
        b'\xff\xff\xff\x00' + b'\x00' * 8, srf.format('mysql_packets(b)'), ('22P03',))

    # ---- the other protocol decoders: the input with most output per byte ----
    add('text row of 1 MiB empty strings', 'mysql_text_row_decode', b'\x00' * (1 << 20),
        'octet_length(mysql_text_row_decode(b)::text)', ('ok', '22P03'))
    add('text row of 1 MiB NULLs', 'mysql_text_row_decode', b'\xfb' * (1 << 20),
        'octet_length(mysql_text_row_decode(b)::text)', ('ok', '22P03'))
    add('text row string length near 2^64', 'mysql_text_row_decode', b'\xfe' + b'\xff' * 8 + b'a',
        'octet_length(mysql_text_row_decode(b)::text)', ('22P03', '54000'))
    add('lenenc string length 2^64-1', 'mysql_lenenc_str_decode', b'\xfe' + b'\xff' * 8 + b'abc',
        srf.format('mysql_lenenc_str_decode(b)'), ('22P03', '54000'))
    add('lenenc string 1 MiB of NUL', 'mysql_lenenc_str_decode', lenenc_str(b'\x00' * (1 << 20)),
        srf.format('mysql_lenenc_str_decode(b)'))
    add('lenenc int', 'mysql_lenenc_int_decode', b'\xfe' + b'\xff' * 8,
        srf.format('mysql_lenenc_int_decode(b)'))
    add('NUL-terminated string 1 MiB', 'mysql_null_str_decode', b'\x01' * (1 << 20) + b'\x00',
        srf.format('mysql_null_str_decode(b)'), ('ok', '22021', '22P03'))
    add('int_le 8 bytes', 'mysql_int_le_decode', b'\xff' * 8, 'octet_length(mysql_int_le_decode(b, 0, 8)::text)')
    add('binary row of 4096 NULL columns', 'mysql_binary_row_decode', b'\x00' + b'\xff' * 513,
        'octet_length(mysql_binary_row_decode(b, array_fill(253, ARRAY[4096]))::text)', ('ok', '22P03', '54000'))
    add('column definition with 16 MiB length fields', 'mysql_column_def_decode',
        b'\xfd\xff\xff\xff' + b'a' * 64, srf.format('mysql_column_def_decode(b)'), ('22P03',))
    add('column definition, 1 MiB names', 'mysql_column_def_decode', coldef(pad=1 << 20),
        srf.format('mysql_column_def_decode(b)'), ('ok', '22P03'))
    add('OK packet, 1 MiB info', 'mysql_ok_packet_decode', b'\x00\x00\x00\x02\x00\x00\x00' + lenenc_str(b'a' * (1 << 20)),
        srf.format('mysql_ok_packet_decode(b)'), ('ok', '22P03'))
    tracker = b''.join(bytes([1]) + lenenc_str(b'\x00') for _ in range(100000))
    add('session state: 100000 empty schema changes', 'mysql_session_state_decode', tracker,
        srf.format('mysql_session_state_decode(b)'), ('ok', '22P03'))
    add('ERR packet 1 MiB message', 'mysql_err_packet_decode', b'\xff\x19\x04#42000' + b'a' * (1 << 20),
        srf.format('mysql_err_packet_decode(b)'), ('ok', '22P03'))
    add('EOF packet', 'mysql_eof_packet_decode', b'\xfe\x00\x00\x02\x00', srf.format('mysql_eof_packet_decode(b)'))
    add('prepare OK 65535 columns and params', 'mysql_stmt_prepare_ok_decode',
        b'\x00\x01\x00\x00\x00\xff\xff\xff\xff\x00\x00\x00',
        srf.format('mysql_stmt_prepare_ok_decode(b, 0)'), ('ok', '22P03'))
    add('handshake, 1 MiB version string', 'mysql_handshake_decode',
        b'\x0a' + b'5' * (1 << 20) + HANDSHAKE[HANDSHAKE.index(b'\x00', 5):],
        srf.format('mysql_handshake_decode(b)'), ('ok', '22P03'))
    resp = (le32(0x00bae208) + le32(1 << 24) + b'\x2d' + b'\x00' * 23 + b'root\x00' + lenenc_str(b'\x00' * 20)
            + b'test\x00' + b'mysql_native_password\x00')
    attrs = b''.join(lenenc_str(b'') + lenenc_str(b'') for _ in range(100000))
    add('handshake response, 100000 empty attributes', 'mysql_handshake_response_decode',
        resp + lenenc_str(attrs), srf.format('mysql_handshake_response_decode(b)'), ('ok', '22P03'))
    add('auth switch, 1 MiB data', 'mysql_auth_switch_decode', b'\xfe' + b'x\x00' + b'\x00' * (1 << 20),
        srf.format('mysql_auth_switch_decode(b)'), ('ok', '22P03'))
    add('COM_QUERY, 1 MiB query', 'mysql_com_query_decode', b'\x03' + b'\x00' * (1 << 20),
        srf.format('mysql_com_query_decode(b, 0)'), ('ok', '22P03', '22021'))
    add('COM_STMT_EXECUTE 4096 NULL params', 'mysql_com_stmt_execute_decode',
        b'\x17' + le32(1) + b'\x00' + le32(1) + b'\xff' * 512 + b'\x01' + b'\xfd\x00' * 4096,
        srf.format('mysql_com_stmt_execute_decode(b, 4096)'), ('ok', '22P03'))
    add('COM_STMT_BULK_EXECUTE rows of one NULL indicator', 'mysql_com_stmt_bulk_execute_decode',
        b'\xfa' + le32(1) + b'\x80\x00' + b'\xfd\x00' + b'\x01' * 200000,
        srf.format('mysql_com_stmt_bulk_execute_decode(b, 1)'), ('ok', '22P03'))
    add('row_populate_record, 64 NULL columns', 'mysql_row_populate_record', b'\xfb' * 64,
        "octet_length(mysql_row_populate_record(NULL::pg_temp.amplify_wide, b, "
        "array_fill((SELECT d FROM amplify_coldef), ARRAY[64]))::text)", ('ok', '22P03'))

    # ---- GTID sets: the most members per byte (numbers kept apart) ----
    uuid = b'3e11fa47-71ca-11e1-9e33-c80aa9429562'
    apart = uuid + b''.join(b':%d' % i for i in range(1, 300000, 2))
    add('GTID set: 150000 intervals kept apart', 'mysql_binlog_apply_gtid_set', apart,
        "octet_length(mysql_binlog_apply_gtid_set(convert_from(b, 'UTF8'), '{}'::text[]))")
    add('GTID set: 1 MiB of one-digit numbers, merged', 'mysql_binlog_apply_gtid_set',
        uuid + b':1' * (1 << 19),
        "octet_length(mysql_binlog_apply_gtid_set(convert_from(b, 'UTF8'), '{}'::text[]))")
    add('GTID set: 150000 MariaDB domains', 'mysql_binlog_apply_gtid_set',
        b','.join(b'%d-1-1' % i for i in range(150000)),
        "octet_length(mysql_binlog_apply_gtid_set(convert_from(b, 'UTF8'), '{}'::text[]))")
    add('GTID contains: 150000 intervals kept apart, each side', 'mysql_gtid_contains', apart,
        "octet_length(mysql_gtid_contains(convert_from(b, 'UTF8'), convert_from(b, 'UTF8'))::text)")

    # ---- FoundationDB tuples ----
    n = 1 << 20
    add('fdb text: 1 MiB of NULLs', 'fdb_tuple_out', b'\x00' * n, 'octet_length(fdb_tuple(b)::text)')
    add('fdb text: nested empty tuples', 'fdb_tuple_out', b'\x05\x00' * (n // 2), 'octet_length(fdb_tuple(b)::text)')
    add('fdb text: bytes of escaped NULs', 'fdb_tuple_out', b'\x01' + b'\x00\xff' * (n // 2) + b'\x00',
        'octet_length(fdb_tuple(b)::text)')
    add('fdb text: 100000 nested levels', 'fdb_tuple_out', b'\x05' * 100000 + b'\x00' * 100000,
        'octet_length(fdb_tuple(b)::text)', ('ok', '54001'))
    add('fdb text: bytes of 0x01', 'fdb_tuple_out', b'\x01' + b'\x01' * n + b'\x00',
        'octet_length(fdb_tuple(b)::text)')
    add('fdb jsonb: 1 MiB of NULLs', 'fdb_tuple_to_jsonb', b'\x00' * n, 'octet_length(fdb_tuple_to_jsonb(b)::text)')
    add('fdb jsonb: bytes of escaped NULs', 'fdb_tuple_to_jsonb', b'\x01' + b'\x00\xff' * (n // 2) + b'\x00',
        'octet_length(fdb_tuple_to_jsonb(b)::text)')
    add('fdb jsonb: nested empty tuples', 'fdb_tuple_to_jsonb', b'\x05\x00' * (n // 2),
        'octet_length(fdb_tuple_to_jsonb(b)::text)')
    add('fdb elements: 1 MiB of NULLs', 'fdb_tuple_elements', b'\x00' * n, srf.format('fdb_tuple_elements(b)'))
    add('fdb elements: 1 MiB of false', 'fdb_tuple_elements', b'\x26' * n, srf.format('fdb_tuple_elements(b)'))
    add('fdb input: 1 MiB of ()', 'fdb_tuple_in', b'(' + b'(), ' * (n // 4) + b'())',
        "octet_length(convert_from(b, 'UTF8')::fdb_tuple::bytea)", ('ok', '22P02'))
    add('fdb input: 100000 open parens', 'fdb_tuple_in', b'(' * 100000,
        "octet_length(convert_from(b, 'UTF8')::fdb_tuple::bytea)", ('22P02', '54001'))
    add('fdb pack: 1 MiB of NUL bytes', 'fdb_tuple_pack', b'\x00' * n, 'octet_length(fdb_tuple_pack(b)::bytea)')
    add('fdb get_tuple: nested empty tuples', 'fdb_tuple_get_tuple', b'\x05' + b'\x05\x00' * (n // 2) + b'\x00',
        'octet_length(fdb_tuple_get_tuple(b, 0)::text)')
    add('fdb populate_record, 1 MiB bytes', 'fdb_tuple_populate_record', b'\x01' + b'\x00\xff' * (n // 2) + b'\x00',
        'octet_length(fdb_tuple_populate_record(NULL::pg_temp.amplify_one, b)::text)', ('ok', '22P03', '42804'))
    add('fdb versionstamp text', 'fdb_versionstamp_out', b'\x33' + b'\xff' * 12,
        'octet_length(fdb_tuple_get_versionstamp(b, 0)::text)')

    # ---- CockroachDB keys ----
    add('crdb pretty: 1 MiB of NULs', 'crdb_key_pretty', b'\x00' * n, 'octet_length(crdb_key_pretty(b))')
    add('crdb pretty: table keys of NULL columns', 'crdb_key_pretty', b'\xf0\x89' + b'\x00' * n,
        'octet_length(crdb_key_pretty(b))')
    add('crdb pretty: bytes of escaped NULs', 'crdb_key_pretty', b'\xf0\x89\x12' + b'\x00\xff' * (n // 2) + b'\x00\x01',
        'octet_length(crdb_key_pretty(b))')
    add('crdb pretty: bytes of 0x01', 'crdb_key_pretty', b'\xf0\x89\x12' + b'\x01' * n + b'\x00\x01',
        'octet_length(crdb_key_pretty(b))')
    add('crdb elements: NULL columns', 'crdb_key_elements', b'\xf0\x89' + b'\x00' * n,
        srf.format('crdb_key_elements(b)'))
    add('crdb decode_value: bytes of escaped NULs', 'crdb_key_decode_value', b'\x12' + b'\x00\xff' * (n // 2) + b'\x00\x01',
        'octet_length(crdb_key_decode_value(b, NULL::bytea)::text)', ('ok', '22P03'))
    add('crdb populate_record', 'crdb_key_populate_record', b'\xf0\x89\x12' + b'\x00\xff' * (n // 2) + b'\x00\x01',
        'octet_length(crdb_key_populate_record(NULL::pg_temp.amplify_one, b)::text)', ('ok', '22P03', '42804'))
    mvcc = b'\x00' * n + b'\x00' + b'\x17\x9e\x0c\x5d\x6e\x4b\x0a\x00\x00\x00\x01' + b'\x0d'
    add('crdb mvcc text: 1 MiB of NUL key', 'crdb_mvcc_key_out', mvcc, 'octet_length(crdb_mvcc_key(b)::text)',
        ('ok', '22P03'))
    add('crdb mvcc pretty: 1 MiB of NUL key', 'crdb_mvcc_key_pretty', mvcc,
        'octet_length(crdb_mvcc_key_pretty(crdb_mvcc_key(b)))', ('ok', '22P03'))
    add('crdb mvcc decode', 'crdb_mvcc_key_decode', mvcc, srf.format('crdb_mvcc_key_decode(b)'), ('ok', '22P03'))
    add('crdb mvcc input: 1 MiB text', 'crdb_mvcc_key_in', b'\\x' + b'00' * (n // 2) + b'@1.1',
        "octet_length(convert_from(b, 'UTF8')::crdb_mvcc_key::text)", ('ok', '22P02'))

    # ---- HLC ----
    add('hlc text', 'hlc_timestamp_out', b'\x00', "octet_length(hlc_timestamp(9223372036854775807, 2147483647)::text)",
        ('ok', '22003', '22008'))
    add('hlc input: 1 MiB of digits', 'hlc_timestamp_in', b'1' * n, "octet_length(convert_from(b, 'UTF8')::hlc_timestamp::text)",
        ('22P02', '22003', '22008'))
    add('hlc from proto: repeated fields', 'hlc_from_proto', b'\x08\x01' * (n // 2),
        'octet_length(hlc_from_proto(b)::text)', ('ok', '22P03'))
    add('hlc to crdb string', 'hlc_to_crdb_string', b'\x00',
        'octet_length(hlc_to_crdb_string(hlc_timestamp(9223372036854775807, 2147483647)))', ('ok', '22003'))
    return c
