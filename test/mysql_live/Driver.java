/*
 * Driver.java: the live tests' scenario through MariaDB Connector/J 2.7.
 *
 *   java -cp DIR:mariadb-java-client.jar Driver run HOST PORT USER PASSWORD REPORT [compress]
 *
 * Connector/J (Debian's libmariadb-java) is a protocol implementation of
 * its own, in Java.  It runs with its defaults but for server-side prepared
 * statements (useServerPrepStmts=true), COM_STMT_BULK_EXECUTE for batches
 * (useBulkStmts=true, used against MariaDB only), multi-statements
 * (allowMultiQueries=true), LOAD DATA LOCAL INFILE (allowLocalInfile=true)
 * and, in the "compress" variant, the compressed protocol
 * (useCompression=true, zlib).  Pipelining is its default: it sends
 * its two connection queries before reading either answer, and a batch's
 * executes (on MySQL) before reading their OKs.  It writes the same report
 * as driver.c:
 *
 *   - commands: Connector/J has no command log, so the socket it is given
 *     (socketFactory=Driver$Tap) keeps a copy of every byte it writes, and
 *     this program splits that copy into commands (packet headers, zlib
 *     packets inflated by java.util.zip).  The commands Connector/J sends on
 *     its own and whose results it reads itself (its connection queries) are
 *     marked "internal N": their rows are not compared;
 *   - column definitions: Connector/J's ColumnDefinition, the type as the
 *     byte it read (before it maps TEXT types to VARCHAR);
 *   - text rows: ResultSet.getBytes, the bytes it received; binary rows:
 *     integers, floats, temporal values by its typed getters, as text; other
 *     values by getBytes;
 *   - OK and EOF: the status flags it keeps (Protocol.serverStatus, the last
 *     packet's: MASK:VALUE 8:8 before a further result), warnings as it keeps
 *     them (">0" or 0), affected rows (JDBC update counts), insert ids
 *     (getGeneratedKeys), no info string ("?": it does not keep it);
 *   - errors: SQLException's code, state and the server's message;
 *   - "notrack": it negotiates CLIENT_SESSION_TRACK but keeps no session
 *     state for its user.
 */
import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import javax.net.SocketFactory;
import org.mariadb.jdbc.MariaDbConnection;
import org.mariadb.jdbc.internal.com.read.Buffer;
import org.mariadb.jdbc.internal.com.read.resultset.ColumnDefinition;
import org.mariadb.jdbc.internal.com.read.resultset.SelectResultSet;
import org.mariadb.jdbc.internal.protocol.AbstractConnectProtocol;
import org.mariadb.jdbc.internal.protocol.Protocol;

public class Driver {
  // ---- the socket Connector/J writes to: a copy of every byte
  static final ByteArrayOutputStream sent = new ByteArrayOutputStream();

  static class TapSocket extends Socket {
    private OutputStream tap;

    @Override
    public synchronized OutputStream getOutputStream() throws IOException {
      if (tap == null) {
        final OutputStream real = super.getOutputStream();
        tap =
            new FilterOutputStream(real) {
              @Override
              public void write(int b) throws IOException {
                real.write(b);
                synchronized (sent) {
                  sent.write(b);
                }
              }

              @Override
              public void write(byte[] b, int off, int len) throws IOException {
                real.write(b, off, len);
                synchronized (sent) {
                  sent.write(b, off, len);
                }
              }
            };
      }
      return tap;
    }
  }

  public static class Tap extends SocketFactory {
    public Tap() {}

    @Override
    public Socket createSocket() {
      return new TapSocket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
      Socket s = new TapSocket();
      s.connect(new java.net.InetSocketAddress(host, port));
      return s;
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress la, int lp) throws IOException {
      throw new IOException("not used");
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
      throw new IOException("not used");
    }

    @Override
    public Socket createSocket(InetAddress host, int port, InetAddress la, int lp)
        throws IOException {
      throw new IOException("not used");
    }
  }

  // ---- the copy split into commands
  static boolean compress;
  static boolean inCompressed; // past the handshake, in compressed packets
  static int wirePos; // bytes of "sent" consumed
  static final ByteArrayOutputStream plain = new ByteArrayOutputStream(); // packets, decompressed
  static int plainPos;
  static ByteArrayOutputStream command; // the command being reassembled
  static boolean started; // past the handshake: the first command seen
  static boolean expectInfile; // the next COM_QUERY is a LOAD DATA LOCAL INFILE
  static boolean infileData; // in the file's packets that follow it

  /** Moves complete compressed packets of "sent" into "plain". */
  static void inflateWire(byte[] w) throws DataFormatException {
    while (true) {
      if (!inCompressed) {
        // the handshake's packets (sequence ids > 0) are plain; the first
        // command's packet (sequence id 0) starts the compressed stream
        if (w.length - wirePos < 4) return;
        int len = u24(w, wirePos);
        if (w[wirePos + 3] == 0) {
          inCompressed = true;
          continue;
        }
        if (w.length - wirePos < 4 + len) return;
        wirePos += 4 + len;
        continue;
      }
      if (w.length - wirePos < 7) return;
      int clen = u24(w, wirePos), ulen = u24(w, wirePos + 4);
      if (w.length - wirePos < 7 + clen) return;
      if (ulen == 0) plain.write(w, wirePos + 7, clen);
      else {
        Inflater inf = new Inflater();
        inf.setInput(w, wirePos + 7, clen);
        byte[] out = new byte[ulen];
        int n = 0;
        while (n < ulen && !inf.finished()) n += inf.inflate(out, n, ulen - n);
        inf.end();
        if (n != ulen) throw new DataFormatException("short compressed packet");
        plain.write(out, 0, ulen);
      }
      wirePos += 7 + clen;
    }
  }

  static int u24(byte[] b, int o) {
    return (b[o] & 0xff) | (b[o + 1] & 0xff) << 8 | (b[o + 2] & 0xff) << 16;
  }

  /** The commands Connector/J wrote since the last call, logged as "cmd" lines. */
  static List<byte[]> drain() throws IOException {
    byte[] w;
    synchronized (sent) {
      w = sent.toByteArray();
    }
    List<byte[]> done = new ArrayList<>();
    byte[] p;
    if (compress) {
      try {
        inflateWire(w);
      } catch (DataFormatException e) {
        throw new IOException(e);
      }
      p = plain.toByteArray();
    } else {
      p = w;
    }
    int pos = compress ? plainPos : wirePos;
    while (p.length - pos >= 4) {
      int len = u24(p, pos);
      int seq = p[pos + 3] & 0xff;
      if (p.length - pos < 4 + len) break;
      if (infileData) {
        // a LOCAL INFILE file's packet (an empty one ends the file)
        pos += 4 + len;
        infileData = len > 0;
        continue;
      }
      if (command == null && !started && seq != 0) {
        // a handshake packet, not a command
        pos += 4 + len;
        continue;
      }
      // (past the handshake every packet starts a command: in compressed
      // packets Connector/J numbers the packets inside its own way)
      started = true;
      if (command == null) command = new ByteArrayOutputStream();
      command.write(p, pos + 4, len);
      pos += 4 + len;
      if (len < 0xffffff) {
        byte[] c = command.toByteArray();
        done.add(c);
        command = null;
        if (expectInfile && (c[0] & 0xff) == 3) {
          infileData = true;
          expectInfile = false;
        }
      }
    }
    if (compress) plainPos = pos;
    else wirePos = pos;
    for (byte[] c : done) {
      int type = c[0] & 0xff;
      cmd++;
      String text = "N";
      if (type == 3 || type == 2 || type == 22) text = hex(c, 1, c.length - 1);
      lastTypes.add(type);
      emit("cmd", cmd, type, text);
    }
    return done;
  }

  // ---- the report
  static BufferedWriter out;
  static int cmd;
  static final List<Integer> lastTypes = new ArrayList<>(); // every command's type
  static Connection conn;
  static Protocol protocol;

  static final char[] DIGITS = "0123456789abcdef".toCharArray();

  static String hex(byte[] b, int off, int len) {
    char[] c = new char[2 * len];
    for (int i = 0; i < len; i++) {
      c[2 * i] = DIGITS[(b[off + i] >> 4) & 15];
      c[2 * i + 1] = DIGITS[b[off + i] & 15];
    }
    return new String(c);
  }

  static String hex(byte[] b) {
    return b == null ? "N" : hex(b, 0, b.length);
  }

  static String hex(String s) {
    return s == null ? "N" : hex(s.getBytes(StandardCharsets.UTF_8));
  }

  static void emit(Object... f) throws IOException {
    for (int i = 0; i < f.length; i++) {
      if (i > 0) out.write('\t');
      out.write(String.valueOf(f[i]));
    }
    out.write('\n');
  }

  static String status(boolean more) {
    return more ? "8:8" : Integer.toString(((AbstractConnectProtocol) protocol).serverStatus & 0xffff);
  }

  static String warnings(boolean more) {
    return more ? "0:0" : protocol.hasWarnings() ? ">0" : "0";
  }

  static void logErr(int n, SQLException e) throws IOException {
    // the SQLException made from the ERR packet, under the ones that wrap it
    SQLException s = e;
    for (Throwable t = e.getCause(); t != null; t = t.getCause())
      if (t instanceof SQLException) s = (SQLException) t;
    String msg = s.getMessage().replaceFirst("^\\(conn=[0-9]+\\) ", "");
    int nl = msg.indexOf("\nQuery is:");
    if (nl >= 0) msg = msg.substring(0, nl);
    emit("err", n, s.getErrorCode(), hex(s.getSQLState()), hex(msg));
  }

  static ColumnDefinition[] columns(ResultSet rs) throws Exception {
    Field f = SelectResultSet.class.getDeclaredField("columnsInformation");
    f.setAccessible(true);
    return (ColumnDefinition[]) f.get(rs);
  }

  /** The column type byte Connector/J read (ColumnType.fromServer maps TEXT types to VARCHAR). */
  static int rawType(ColumnDefinition d) throws Exception {
    Field f = ColumnDefinition.class.getDeclaredField("buffer");
    f.setAccessible(true);
    Buffer b = (Buffer) f.get(d);
    return b.buf[b.limit - 12 + 6] & 0xff;
  }

  static int[] logFields(int n, int rsNo, ResultSet rs) throws Exception {
    ColumnDefinition[] cols = columns(rs);
    int[] types = new int[cols.length];
    for (int i = 0; i < cols.length; i++) {
      ColumnDefinition d = cols[i];
      types[i] = rawType(d);
      emit("field", n, rsNo, i + 1, hex(d.getName()), hex(d.getOriginalName()), hex(d.getTable()),
          hex(d.getOriginalTable()), hex(d.getDatabase()), types[i], d.getFlags() & 0xffff,
          d.getCharsetNumber() & 0xffff, d.getLength() & 0xffffffffL, d.getDecimals() & 0xff);
    }
    return types;
  }

  /** One value of a binary row as Connector/J converts it. */
  static String binaryValue(ResultSet rs, int i, int type) throws Exception {
    String v;
    switch (type) {
      case 1: case 2: case 3: case 9: case 13: // TINY, SHORT, LONG, INT24, YEAR
        long l = rs.getLong(i);
        v = rs.wasNull() ? null : Long.toString(l);
        break;
      case 8: // LONGLONG
        Object o = rs.getObject(i);
        v = o == null ? null : o.toString();
        break;
      case 4:
        float f = rs.getFloat(i);
        v = rs.wasNull() ? null : Float.toString(f);
        break;
      case 5:
        double x = rs.getDouble(i);
        v = rs.wasNull() ? null : Double.toString(x);
        break;
      case 7: case 10: case 11: case 12: // TIMESTAMP, DATE, TIME, DATETIME
        v = rs.getString(i);
        break;
      default:
        return hex(rs.getBytes(i));
    }
    return hex(v);
  }

  /** Every result of an executed statement; the command is number n. */
  static void results(int n, Statement st, boolean isRs, boolean binary) throws Exception {
    int rsNo = 0;
    while (true) {
      if (isRs) {
        ResultSet rs = st.getResultSet();
        int[] types = logFields(n, rsNo, rs);
        long r = 0;
        while (rs.next()) {
          StringBuilder line = new StringBuilder("row\t" + n + "\t" + rsNo + "\t" + ++r);
          for (int i = 1; i <= types.length; i++)
            line.append('\t')
                .append(binary ? binaryValue(rs, i, types[i - 1]) : hex(rs.getBytes(i)));
          out.write(line.append('\n').toString());
        }
        isRs = st.getMoreResults();
        boolean more = isRs || st.getLargeUpdateCount() != -1;
        emit("end", n, rsNo, status(more), warnings(more));
      } else {
        long count = st.getLargeUpdateCount();
        if (count == -1) break;
        String id = "?";
        ResultSet keys = st.getGeneratedKeys();
        if (keys.next()) id = keys.getString(1);
        else if (rsNo == 0) id = "0";
        isRs = st.getMoreResults();
        boolean more = isRs || st.getLargeUpdateCount() != -1;
        // insert ids: getGeneratedKeys gathers every result's, so the first one's only
        emit("ok", n, rsNo, count, rsNo == 0 ? id : "?", status(more), warnings(more), "?");
      }
      rsNo++;
    }
  }

  /** The number of the last of these commands among those just drained. */
  static int last(List<byte[]> cmds, int... types) {
    for (int i = cmds.size() - 1; i >= 0; i--)
      for (int t : types) if ((cmds.get(i)[0] & 0xff) == t) return cmd - (cmds.size() - 1 - i);
    throw new IllegalStateException("no command " + types[0] + " sent");
  }

  static int type(int n) {
    return lastTypes.get(n - 1);
  }

  /** A COM_QUERY and every result of it (text protocol); its command number. */
  static int query(String q) throws Exception {
    Statement st = conn.createStatement();
    boolean isRs;
    int n;
    try {
      isRs = st.execute(q, Statement.RETURN_GENERATED_KEYS);
    } catch (SQLException e) {
      n = last(drain(), 3);
      logErr(n, e);
      st.close();
      return n;
    }
    n = last(drain(), 3);
    results(n, st, isRs, false);
    st.close();
    drain();
    return n;
  }

  /**
   * LOAD DATA LOCAL INFILE of a file of 3000 lines (driver.c's local_infile):
   * drain() takes the packets after this COM_QUERY, up to an empty one, for
   * the file's.
   */
  static void localInfile() throws Exception {
    java.io.File f = java.io.File.createTempFile("wc-live-infile-", "", new java.io.File("/tmp"));
    ByteArrayOutputStream content = new ByteArrayOutputStream();
    for (int i = 1; i <= 3000; i++)
      content.write(
          (i % 97 == 0 ? i + ",\\N\n" : i + ",line " + i + " caf\u00e9\n")
              .getBytes(StandardCharsets.UTF_8));
    try (FileOutputStream w = new FileOutputStream(f)) {
      content.writeTo(w);
    }
    expectInfile = true;
    int n =
        query(
            "LOAD DATA LOCAL INFILE '" + f.getPath() + "' INTO TABLE infile_t "
                + "CHARACTER SET utf8mb4 FIELDS TERMINATED BY ',' (id, s)");
    emit("infile", n, hex(content.toByteArray()));
    f.delete();
    query("SELECT COUNT(*), COUNT(s), SUM(id) FROM infile_t");
  }

  /**
   * COM_STMT_PREPARE, COM_STMT_EXECUTE (binary rows); Connector/J closes
   * statements when it likes.  Where the server refuses the prepare,
   * Connector/J falls back to a COM_QUERY without saying so.
   */
  static void prepared(String q, Object... params) throws Exception {
    PreparedStatement st = conn.prepareStatement(q, Statement.RETURN_GENERATED_KEYS);
    for (int i = 0; i < params.length; i++) st.setObject(i + 1, params[i]);
    boolean isRs;
    try {
      isRs = st.execute();
    } catch (SQLException e) {
      logErr(last(drain(), 23, 3), e);
      st.close();
      drain();
      return;
    }
    int n = last(drain(), 23, 3);
    results(n, st, isRs, type(n) == 23);
    st.close();
    drain();
  }

  /** A batch of one prepared INSERT: COM_STMT_BULK_EXECUTE (MariaDB) or pipelined executes. */
  static void batch(String q, int... values) throws Exception {
    PreparedStatement st = conn.prepareStatement(q);
    for (int v : values) {
      st.setInt(1, v);
      st.addBatch();
    }
    int[] counts = st.executeBatch();
    List<byte[]> c = drain();
    List<Integer> execs = new ArrayList<>();
    for (int i = 0; i < c.size(); i++) {
      int t = c.get(i)[0] & 0xff;
      if (t == 23 || t == 250) execs.add(cmd - (c.size() - 1 - i));
    }
    for (int i = 0; i < execs.size(); i++) {
      boolean lastOne = i == execs.size() - 1;
      String affected = execs.size() == counts.length && counts[i] >= 0 ? Integer.toString(counts[i]) : "?";
      emit("ok", execs.get(i), 0, affected, "?", lastOne ? status(false) : "?",
          lastOne ? warnings(false) : "?", "?");
    }
    st.close();
    drain();
  }

  static void scenario() throws Exception {
    query("SET time_zone = '+00:00'");
    query("SET autocommit = 0");
    query("START TRANSACTION READ ONLY");
    query("SELECT COUNT(*) FROM all_types");
    query("COMMIT");
    query("SET autocommit = 1");
    query("USE wc");
    query("SELECT * FROM all_types ORDER BY id");
    prepared("SELECT * FROM all_types ORDER BY id");
    prepared(
        "SELECT id, c_vchar, c_ubig FROM all_types WHERE id >= ? AND c_vchar <> ? ORDER BY id", 2, "y");
    query("SELECT id, v FROM big100k ORDER BY id");
    prepared("SELECT id, v FROM big100k ORDER BY id");
    query("SELECT id, v FROM big100k WHERE id < 20000 ORDER BY id");
    query("SELECT REPEAT('x', 17000000) AS big, 1 AS one");
    prepared("SELECT REPEAT(_utf8mb4 '\uD83D\uDE00', 4300000) AS big, 2 AS two");
    query("SELECT * FROM no_such_table");
    prepared("SELECT * FROM no_such_table");
    query("INSERT INTO counters (n) VALUES (1), (2), (3)");
    prepared("INSERT INTO counters (n) VALUES (?), (?)", 7, 8);
    batch("INSERT INTO counters (n) VALUES (?)", 10, 11, 12, 13);
    query("UPDATE counters SET n = n + 1");
    query("SELECT CAST('12abc' AS SIGNED) AS warned");
    // a multi-statement query: Connector/J reads every result before it
    // returns, so one ending in an error would give none of them
    query("SELECT 1 AS a; SELECT 'x' AS b, NULL AS c; UPDATE counters SET n = n + 1");
    query("CALL two_results()");
    prepared("CALL two_results()");
    query("DELETE FROM counters WHERE n > 100");
    query("SET character_set_results = NULL");
    query("SELECT id, c_latin, c_vchar FROM all_types ORDER BY id");
    query("SET character_set_results = utf8mb4");
    query("TRUNCATE TABLE infile_t");
    localInfile();
  }

  public static void main(String[] a) throws Exception {
    if (a.length < 6 || !a[0].equals("run")) {
      System.err.println("usage: Driver run HOST PORT USER PASSWORD REPORT [compress]");
      System.exit(2);
    }
    compress = a.length > 6 && a[6].equals("compress");
    out =
        new BufferedWriter(
            new OutputStreamWriter(new FileOutputStream(a[5]), StandardCharsets.US_ASCII), 1 << 20);
    String url =
        "jdbc:mariadb://" + a[1] + ":" + a[2] + "/wc?user=" + a[3] + "&password=" + a[4]
            + "&useServerPrepStmts=true&useBulkStmts=true&allowMultiQueries=true&allowLocalInfile=true"
            + "&socketFactory=Driver$Tap" + (compress ? "&useCompression=true" : "");
    conn = DriverManager.getConnection(url);
    Method gp = MariaDbConnection.class.getDeclaredMethod("getProtocol");
    gp.setAccessible(true);
    protocol = (Protocol) gp.invoke(conn);
    drain();
    for (int i = 1; i <= cmd; i++) emit("internal", i);
    if (protocol.sessionStateAware()) emit("notrack");
    scenario();
    conn.close();
    drain();
    out.close();
  }
}
