#!/usr/bin/env python3
"""amplify.py: the amplification and cancel-latency test (run by run.sh).

For every case of amplify_cases.py, in a fresh connection: the backend's
peak resident memory growth (VmHWM after the call less VmRSS before it,
the high-water mark reset through /proc/<pid>/clear_refs when we may), the
output bytes the SQL of the case reports, output/input, the elapsed time
(under statement_timeout = the decoder's max_ms), and, when the call ran
200 ms or more, the cancel latency: the same call in another fresh
connection, pg_cancel_backend from a third 200 ms in, and the time until
the call returns.  Each case is checked against its decoder's row of
bounds.tsv and against its expected outcome; prints a table and
"amplify: N passed, N failed".

The functions that write (the loaders, mysql_binlog_apply and _apply_lo)
run as amplify_writer, a role with no privilege but its own schema,
amplify_apply, and the tables in it (made here, dropped at the end).  A
case marked with a known violation (amplify_cases.py says what and where)
that exceeds its bounds prints "KNOWN VIOLATION" and is counted apart;
WC_AMPLIFY_STRICT=1 counts it as failed, and one that no longer exceeds
them fails (the mark is stale).

usage: amplify.py DBNAME [case-name-substring ...]
WC_AMPLIFY_ONLY=fn[,fn...] runs the cases of those functions only (the
decoder column of bounds.tsv before any " (...)": mysql_binlog_apply runs
"mysql_binlog_apply (1,600 columns)" too).
Needs PGBIN, and PGHOST/PGPORT/PGUSER for the cluster.
"""
import os
import re
import select
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import amplify_cases  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
PSQL = os.path.join(os.environ.get('PGBIN', ''), 'psql')
END = '__amplify_end__'
CANCEL_AFTER = 0.2
SLACK = 64 * 1024			# output every decoder may produce whatever its input


class Conn:
    """One psql session driven through pipes; each command's output ends
    with a marker line."""

    def __init__(self, db, user=None):
        self.p = subprocess.Popen([PSQL, '-X', '-A', '-t', '-q', '-v', 'VERBOSITY=verbose', '-d', db]
                                  + (['-U', user] if user else []),
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        os.set_blocking(self.p.stdout.fileno(), False)
        self.buf = b''

    def send(self, sql):
        self.p.stdin.write((sql + '\n\\echo ' + END + '\n').encode())
        self.p.stdin.flush()

    def wait(self, timeout=None):
        """The output of the last command, or None after timeout seconds."""
        deadline = None if timeout is None else time.monotonic() + timeout
        marker = (END + '\n').encode()
        while marker not in self.buf:
            left = None if deadline is None else max(0, deadline - time.monotonic())
            if left == 0:
                return None
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if r:
                chunk = self.p.stdout.read()
                if not chunk:
                    if self.p.poll() is not None:
                        out, self.buf = self.buf.decode(errors='replace'), b''
                        return out + '\nERROR:  08006: connection lost'
                    continue
                self.buf += chunk
        i = self.buf.index(marker)
        out, self.buf = self.buf[:i].decode(errors='replace'), self.buf[i + len(marker):]
        return out

    def run(self, sql, timeout=None):
        self.send(sql)
        return self.wait(timeout)

    def close(self):
        try:
            self.p.stdin.close()
        except OSError:
            pass
        self.p.wait()


def proc_kb(pid, field):
    """A VmRSS / VmHWM figure of a process, in kB."""
    try:
        with open('/proc/%d/status' % pid) as f:
            for line in f:
                if line.startswith(field + ':'):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def reset_hwm(pid):
    """Reset the peak resident size to the current one (root only)."""
    try:
        with open('/proc/%d/clear_refs' % pid, 'w') as f:
            f.write('5')
        return True
    except OSError:
        return False


def outcome(text):
    """('ok', output bytes) or (SQLSTATE, message)."""
    m = re.search(r'ERROR:\s+([0-9A-Z]{5}): (.*)', text)
    if m:
        return m.group(1), m.group(2)[:100]
    m = re.search(r'^(-?\d+)\s*$', text, re.M)
    if m:
        return 'ok', int(m.group(1))
    return 'ok', 0


def load_bounds(path):
    """decoder -> (max_ratio, max_out_mb, max_rss_mb, max_ms, cancel_ms)."""
    b = {}
    with open(path) as f:
        for line in f:
            line = line.split('#', 1)[0].rstrip('\n')
            if not line.strip():
                continue
            cols = line.split('\t')
            if cols[0] == 'decoder':
                continue
            b[cols[0]] = tuple(float(x) for x in cols[1:6])
    return b


def control_cancel(ctl, pid, call):
    """pg_cancel_backend(pid) from ctl; the seconds until call returns.
    Past 10 s pg_terminate_backend, past 20 s SIGKILL (a backend that
    ignores both would run unbounded; the server then restarts, which
    run.sh reports as a crash)."""
    t0 = time.monotonic()
    ctl.run('SELECT pg_cancel_backend(%d);' % pid)
    out = call.wait(10)
    if out is None:
        ctl.run('SELECT pg_terminate_backend(%d);' % pid)
        out = call.wait(10)
    if out is None:
        os.kill(pid, signal.SIGKILL)
        out = call.wait(30) or ''
        out += '\nERROR:  08006: killed: ignored cancel and terminate'
    return time.monotonic() - t0, out


def reconnect(ctl, db):
    """ctl, or a new control connection once the server accepts them again."""
    if ctl.p.poll() is None and ctl.run('SELECT 1;', 10) is not None:
        return ctl
    for _ in range(120):
        c = Conn(db)
        if (c.run('SELECT 1;', 10) or '').strip() == '1':
            return c
        c.close()
        time.sleep(1)
    return c


def measure(db, name, sql, max_ms, ctl, user):
    """One call in a fresh connection (as user; None: the cluster's):
    (outcome, value, elapsed s, peak growth kB)."""
    c = Conn(db, user)
    try:
        pid = int(c.run('SELECT pg_backend_pid();').split()[0])
        c.run("SET statement_timeout = %d; SET max_parallel_workers_per_gather = 0; "
              "SELECT octet_length(b) FROM amplify_inputs WHERE name = '%s';" % (max_ms, name))
        reset = reset_hwm(pid)
        before = proc_kb(pid, 'VmRSS') if reset else proc_kb(pid, 'VmHWM')
        t0 = time.monotonic()
        c.send(CALL % (sql, name))
        # statement_timeout should end it; past that, cancel it ourselves
        out = c.wait(max_ms / 1000.0 + 5)
        if out is None:
            _, out = control_cancel(ctl, pid, c)
        elapsed = time.monotonic() - t0
        growth = max(0, proc_kb(pid, 'VmHWM') - before)
        st, val = outcome(out)
        return st, val, elapsed, growth
    finally:
        c.close()


def cancel_latency(db, name, sql, ctl, user, after):
    """The call again, cancelled after seconds after (200 ms unless the
    case says): seconds from the cancel to its return, or None when it
    finished first."""
    c = Conn(db, user)
    try:
        pid = int(c.run('SELECT pg_backend_pid();').split()[0])
        c.run('SET max_parallel_workers_per_gather = 0;')
        c.send(CALL % (sql, name))
        if c.wait(after) is not None:
            return None
        lat, _ = control_cancel(ctl, pid, c)
        return lat
    finally:
        c.close()


# Each call in a transaction that rolls back: the loaders leave nothing.
CALL = "BEGIN;\nSELECT %s FROM amplify_inputs WHERE name = '%s';\nROLLBACK;"

SETUP = """
SET client_min_messages = warning;
DROP TABLE IF EXISTS amplify_inputs, amplify_tiny, amplify_wide, amplify_one, amplify_coldef;
CREATE TABLE amplify_inputs (name text PRIMARY KEY, b bytea);
ALTER TABLE amplify_inputs ALTER b SET STORAGE EXTERNAL;
CREATE TABLE amplify_tiny (a int);
CREATE TABLE amplify_one (b bytea);
CREATE TABLE amplify_wide (%s);
CREATE TABLE amplify_coldef AS SELECT '\\x%s'::bytea AS d;
""" % (', '.join('c%d text' % i for i in range(64)), amplify_cases.coldef().hex())

# The writers' role and schema: the role owns its schema and its tables and
# has no other privilege (not superuser; the extension's functions through
# PUBLIC).  wide has PostgreSQL's 1,600 columns and one row to update.
WRITER = 'amplify_writer'
WRITER_SETUP = """
DROP SCHEMA IF EXISTS amplify_apply CASCADE;
DROP ROLE IF EXISTS amplify_writer;
CREATE ROLE amplify_writer LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
GRANT SELECT ON amplify_inputs TO amplify_writer;
CREATE SCHEMA amplify_apply AUTHORIZATION amplify_writer;
SET ROLE amplify_writer;
CREATE TABLE amplify_apply.wide (id int PRIMARY KEY, %s);
INSERT INTO amplify_apply.wide (id) VALUES (1);
CREATE TABLE amplify_apply.small (id int PRIMARY KEY);
CREATE TABLE amplify_apply.tiny (a int);
CREATE TABLE amplify_apply.one (b bytea);
CREATE TABLE amplify_apply.lo (name text PRIMARY KEY, o oid);
RESET ROLE;
""" % ', '.join('c%d smallint' % i for i in range(1, 1600))
WRITER_TEARDOWN = ('SELECT count(lo_unlink(o)) FROM amplify_apply.lo; '
                   'DROP SCHEMA amplify_apply CASCADE; DROP ROLE amplify_writer;')
# The _lo functions read a large object made before the call (one made in
# the call's own statement is not in its snapshot): the writer's, of the
# input of every case whose SQL reads amplify_apply.lo.
WRITER_LOS = """
SET ROLE amplify_writer;
INSERT INTO amplify_apply.lo SELECT name, lo_from_bytea(0, b) FROM amplify_inputs WHERE name = ANY ('%s');
RESET ROLE;
"""


def wanted(decoder, only):
    """Whether a case of decoder runs under WC_AMPLIFY_ONLY (a list of
    functions; empty: all)."""
    return not only or decoder.split(' (')[0] in only


def main():
    db = sys.argv[1]
    only = sys.argv[2:]
    fns = [f.strip() for f in os.environ.get('WC_AMPLIFY_ONLY', '').split(',') if f.strip()]
    strict = bool(os.environ.get('WC_AMPLIFY_STRICT'))
    bounds = load_bounds(os.path.join(ROOT, 'test/hostile/bounds.tsv'))
    cases = [c for c in amplify_cases.cases(ROOT)
             if (not only or any(o in c[0] for o in only)) and wanted(c[1], fns)]
    if not cases:
        print('amplify: no case of %s' % (', '.join(fns + only)))
        return 1
    problems = []
    names = set()
    for c in cases:
        if c[1] not in bounds:
            problems.append('case "%s": decoder %s has no row in bounds.tsv' % (c[0], c[1]))
        if c[0] in names:
            problems.append('case "%s" twice' % c[0])
        names.add(c[0])
    if not only and not fns:
        for d in sorted(set(bounds) - {c[1] for c in cases}):
            problems.append('bounds.tsv: decoder %s has no case' % d)

    ctl = Conn(db)
    writers = any(c[6] for c in cases)
    out = ctl.run(SETUP.replace('pg_temp.', '') + (WRITER_SETUP if writers else ''))
    if 'ERROR' in out:
        print(out)
        return 1
    copy = subprocess.Popen([PSQL, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', db, '-c',
                             'COPY amplify_inputs FROM STDIN'], stdin=subprocess.PIPE)
    for c in cases:
        copy.stdin.write(('%s\t\\\\x%s\n' % (c[0], c[2].hex())).encode())
    copy.stdin.close()
    if copy.wait() != 0:
        return 1
    los = [c[0] for c in cases if 'amplify_apply.lo' in c[3]]
    if los:
        out = ctl.run(WRITER_LOS % ('{%s}' % ','.join('"%s"' % n for n in los)))
        if 'ERROR' in out:
            print(out)
            return 1

    hdr = '%-52s %9s %11s %9s %8s %7s %9s  %-6s %s' % ('case', 'in B', 'out B', 'ratio', 'RSS MB', 'ms',
                                                     'cancel ms', 'result', 'verdict')
    print(hdr)
    print('-' * len(hdr))
    passed = failed = known_seen = 0
    t_all = time.monotonic()
    for name, dec, data, sql, expect, long, writer, known, after in cases:
        ratio_b, out_mb, rss_mb, max_ms, cancel_ms = bounds.get(dec, (0, 0, 0, 1000, 100))
        sql = sql.replace('pg_temp.', '')
        user = WRITER if writer else None
        ctl = reconnect(ctl, db)
        st, val, el, growth = measure(db, name, sql, max_ms, ctl, user)
        outb = val if st == 'ok' else 0
        ctl = reconnect(ctl, db)
        killed = st == '08006'
        after = after or CANCEL_AFTER
        lat = None if el < after else el if killed else cancel_latency(db, name, sql, ctl, user, after)
        why = []
        timed_out = st == '57014'
        if timed_out and not long:
            why.append('ran past %d ms' % max_ms)
        elif st not in expect and not timed_out:
            why.append('%s, expected %s%s' % (st, '/'.join(sorted(expect)),
                                             '' if st == 'ok' else ' (' + str(val) + ')'))
        if el * 1000 > max_ms + cancel_ms:
            why.append('%.0f ms > %d ms + %d ms' % (el * 1000, max_ms, cancel_ms))
        if outb > ratio_b * len(data) + SLACK:
            why.append('output %.0fx input > %gx' % (outb / max(len(data), 1), ratio_b))
        if outb > out_mb * 1048576:
            why.append('output > %g MB' % out_mb)
        if growth > rss_mb * 1024:
            why.append('RSS +%.0f MB > %g MB' % (growth / 1024, rss_mb))
        if killed:
            why.append('ignored cancel and terminate: killed')
        elif lat is not None and lat * 1000 > cancel_ms:
            why.append('cancel %.0f ms > %d ms' % (lat * 1000, cancel_ms))
        verdict = 'ok' if not why else 'FAIL: ' + '; '.join(why)
        if known and why and not strict:
            verdict = 'KNOWN VIOLATION: ' + '; '.join(why)
            known_seen += 1
            problems.append('case "%s" (%s): KNOWN VIOLATION, %s: %s' % (name, dec, known, '; '.join(why)))
        elif known and not why:
            verdict = 'FAIL: within its bounds, but marked as a known violation (%s): remove the mark' % known
            failed += 1
            problems.append('case "%s" (%s): %s' % (name, dec, verdict[6:]))
        elif why:
            failed += 1
            problems.append('case "%s" (%s): %s%s' % (name, dec, '; '.join(why),
                                                     ' (known violation: %s)' % known if known else ''))
        else:
            passed += 1
        print('%-52s %9d %11d %9.1f %8.1f %7.0f %9s  %-6s %s' % (
            name[:52], len(data), outb, outb / max(len(data), 1), growth / 1024, el * 1000,
            'finished' if lat is None else '%.0f' % (lat * 1000), st, verdict), flush=True)
    ctl = reconnect(ctl, db)
    ctl.run((WRITER_TEARDOWN if writers else '') +
            'DROP TABLE amplify_inputs, amplify_tiny, amplify_wide, amplify_one, amplify_coldef;')
    ctl.close()
    failed += sum(1 for p in problems if not p.startswith('case "'))
    for p in problems:
        print('amplify: %s%s' % ('' if 'KNOWN VIOLATION' in p else 'FAIL ', p))
    print('amplify: %d cases in %.0f s' % (len(cases), time.monotonic() - t_all))
    if known_seen:
        print('amplify: %d known violations (marked in amplify_cases.py; WC_AMPLIFY_STRICT=1 fails them)'
              % known_seen)
    print('amplify: %d passed, %d failed' % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
