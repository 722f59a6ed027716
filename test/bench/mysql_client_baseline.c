/*
 * mysql_client_baseline.c: the client-library baseline of the conversation
 * benchmark (make bench).  MariaDB Connector/C parses the same result set
 * that sql_mysql_conversation.sql decodes.
 *
 *   mysql_client_baseline RESULT_HEX_FILE ROUNDS
 *
 * RESULT_HEX_FILE holds, in hex, the server's response to one COM_QUERY
 * (column count, definitions, EOF, rows, EOF; sequence ids from 1).  A
 * child process replays it on a private Unix socket: it sends an Initial
 * Handshake v10 of its own, accepts any handshake response with an OK,
 * and answers every COM_QUERY with the recorded bytes.  The parent connects
 * with the library's defaults, runs the query ROUNDS times, reads every
 * row with mysql_use_result / mysql_fetch_row / mysql_fetch_lengths (the
 * streaming path, like mysql_conversation) and prints the median time of
 * a round in ms and the rows of a round.  The loopback socket's copy is
 * inside the time, as it is for any client.
 */
#include <mysql.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static unsigned char *resp;
static size_t resp_len;

static void
die(const char *what)
{
	perror(what);
	exit(2);
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static void
load_hex(const char *path)
{
	FILE	   *f = fopen(path, "r");
	long		n;
	char	   *hex;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0)
		die(path);
	rewind(f);
	hex = malloc((size_t) n + 1);
	resp = malloc((size_t) n / 2 + 1);
	if (hex == NULL || resp == NULL || fread(hex, 1, (size_t) n, f) != (size_t) n)
		die("read");
	fclose(f);
	/* by hand: sscanf would measure the whole rest of the string each time */
	for (long i = 0; i + 1 < n; i += 2)
	{
		int			hi = hexval(hex[i]),
					lo = hexval(hex[i + 1]);

		if (hi < 0 || lo < 0)
			break;
		resp[resp_len++] = (unsigned char) (hi << 4 | lo);
	}
	free(hex);
}

static void
send_all(int fd, const void *p, size_t n)
{
	const unsigned char *b = p;

	while (n > 0)
	{
		ssize_t		w = write(fd, b, n);

		if (w <= 0)
			_exit(0);
		b += w;
		n -= (size_t) w;
	}
}

/* Read one packet (payloads here are small); its first payload byte. */
static int
read_packet(int fd)
{
	unsigned char h[4], buf[4096];
	size_t		n, got = 0;
	int			first = -1;

	for (size_t k = 0; k < 4; k += (size_t) got)
	{
		ssize_t		r = read(fd, h + k, 4 - k);

		if (r <= 0)
			return -1;
		got = (size_t) r;
	}
	n = h[0] | (size_t) h[1] << 8 | (size_t) h[2] << 16;
	while (n > 0)
	{
		ssize_t		r = read(fd, buf, n < sizeof(buf) ? n : sizeof(buf));

		if (r <= 0)
			return -1;
		if (first < 0)
			first = buf[0];
		n -= (size_t) r;
	}
	return first;
}

static void
replay(int lfd)
{
	static const unsigned char ok[] = {7, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0};
	unsigned char hs[128];
	size_t		n = 4;
	const char *version = "5.5.5-10.11.0-replay";
	/* PROTOCOL_41, SECURE_CONNECTION, PLUGIN_AUTH, TRANSACTIONS, ... no SSL */
	unsigned	caps = 0x000fa20f & ~0x800u;
	int			fd = accept(lfd, NULL, NULL);

	if (fd < 0)
		_exit(1);
	hs[n++] = 10;
	memcpy(hs + n, version, strlen(version) + 1);
	n += strlen(version) + 1;
	memcpy(hs + n, "\x01\x00\x00\x00", 4);	/* connection id */
	n += 4;
	memcpy(hs + n, "abcdefgh", 8);	/* scramble, part 1 */
	n += 8;
	hs[n++] = 0;
	hs[n++] = caps & 0xff;
	hs[n++] = (caps >> 8) & 0xff;
	hs[n++] = 45;				/* utf8mb4_general_ci */
	hs[n++] = 2;				/* SERVER_STATUS_AUTOCOMMIT */
	hs[n++] = 0;
	hs[n++] = (caps >> 16) & 0xff;
	hs[n++] = (caps >> 24) & 0xff;
	hs[n++] = 21;
	memset(hs + n, 0, 10);
	n += 10;
	memcpy(hs + n, "ijklmnopqrst", 13);	/* part 2 and its 00 */
	n += 13;
	memcpy(hs + n, "mysql_native_password", 22);
	n += 22;
	hs[0] = (n - 4) & 0xff;
	hs[1] = ((n - 4) >> 8) & 0xff;
	hs[2] = 0;
	hs[3] = 0;
	send_all(fd, hs, n);
	if (read_packet(fd) < 0)
		_exit(1);
	send_all(fd, ok, sizeof(ok));
	for (;;)
	{
		int			cmd = read_packet(fd);

		if (cmd != 3)			/* COM_QUIT or the end */
			_exit(0);
		send_all(fd, resp, resp_len);
	}
}

static int
cmp_double(const void *a, const void *b)
{
	double		x = *(const double *) a, y = *(const double *) b;

	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	struct sockaddr_un addr = {0};
	char		path[108];
	int			lfd, rounds;
	pid_t		pid;
	MYSQL	   *m;
	double	   *ms;
	unsigned long rows = 0, bytes = 0;

	if (argc != 3)
	{
		fprintf(stderr, "usage: mysql_client_baseline RESULT_HEX_FILE ROUNDS\n");
		return 2;
	}
	load_hex(argv[1]);
	rounds = atoi(argv[2]);
	if (rounds < 1)
		rounds = 1;
	ms = calloc((size_t) rounds, sizeof(double));
	snprintf(path, sizeof(path), "/tmp/wc-replay-%d.sock", (int) getpid());
	unlink(path);
	addr.sun_family = AF_UNIX;
	strcpy(addr.sun_path, path);
	lfd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (lfd < 0 || bind(lfd, (struct sockaddr *) &addr, sizeof(addr)) != 0 || listen(lfd, 1) != 0)
		die("listen");
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0)
		replay(lfd);
	close(lfd);

	m = mysql_init(NULL);
	if (mysql_real_connect(m, "localhost", "bench", "", NULL, 0, path, 0) == NULL)
	{
		fprintf(stderr, "connect: %s\n", mysql_error(m));
		kill(pid, SIGTERM);
		return 1;
	}
	for (int r = 0; r <= rounds; r++)
	{
		struct timespec t0, t1;
		MYSQL_RES  *res;
		MYSQL_ROW	row;
		unsigned	nf;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		if (mysql_real_query(m, "SELECT", 6) != 0 || (res = mysql_use_result(m)) == NULL)
		{
			fprintf(stderr, "query: %s\n", mysql_error(m));
			return 1;
		}
		nf = mysql_num_fields(res);
		rows = bytes = 0;
		while ((row = mysql_fetch_row(res)) != NULL)
		{
			unsigned long *len = mysql_fetch_lengths(res);

			for (unsigned i = 0; i < nf; i++)
				bytes += len[i];
			rows++;
		}
		mysql_free_result(res);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		/* round 0 warms up */
		if (r > 0)
			ms[r - 1] = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
	}
	mysql_close(m);
	waitpid(pid, NULL, 0);
	unlink(path);
	qsort(ms, (size_t) rounds, sizeof(double), cmp_double);
	printf("%.3f %lu %lu\n", ms[rounds / 2], rows, bytes);
	return 0;
}
