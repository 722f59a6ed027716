/*
 * proxy.c: a recording TCP proxy for the live MySQL/MariaDB tests.
 *
 *   proxy -u HOST:PORT -o DIR [-m MASK] [-p PORT]
 *
 * Listens on 127.0.0.1:PORT (0, the default: a free port), prints
 * "port N" on stdout once it listens, and relays every accepted connection
 * to the server at HOST:PORT.  Connection k (1, 2, ...) is recorded as
 * DIR/k.client (the bytes the client sent) and DIR/k.server (the bytes the
 * client received).
 *
 * -m MASK clears capability bits in the server's Initial Handshake before
 * the client sees it and in the client's Handshake Response before the
 * server sees it: the low 32 bits from the protocol's capability flags, the
 * high 32 bits from MariaDB's extended capabilities.  Both ends then agree
 * on a connection without those capabilities (some client libraries ask
 * for a flag whatever the server offers), so one server gives captures
 * with CLIENT_DEPRECATE_EOF, CLIENT_SESSION_TRACK or MariaDB's extended
 * metadata on and off.  The recording holds the bytes as relayed.
 *
 * SIGTERM stops accepting, waits for the open connections to end and exits,
 * so that the recordings are complete when the proxy has gone.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t stopping;

static void
on_term(int sig)
{
	(void) sig;
	stopping = 1;
}

static void
die(const char *what)
{
	perror(what);
	exit(2);
}

static int
connect_upstream(const char *hostport)
{
	char		host[256];
	const char *colon = strrchr(hostport, ':');
	struct addrinfo hints = {0}, *res;
	int			fd, one = 1;

	if (colon == NULL || (size_t) (colon - hostport) >= sizeof(host))
	{
		fprintf(stderr, "proxy: -u wants HOST:PORT\n");
		exit(2);
	}
	memcpy(host, hostport, colon - hostport);
	host[colon - hostport] = '\0';
	hints.ai_family = AF_INET;
	hints.ai_socktype = SOCK_STREAM;
	if (getaddrinfo(host, colon + 1, &hints, &res) != 0)
	{
		fprintf(stderr, "proxy: cannot resolve %s\n", hostport);
		exit(2);
	}
	fd = socket(res->ai_family, res->ai_socktype, 0);
	if (fd < 0 || connect(fd, res->ai_addr, res->ai_addrlen) != 0)
		die("proxy: connect upstream");
	freeaddrinfo(res);
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	return fd;
}

static void
write_all(int fd, const unsigned char *p, size_t n)
{
	while (n > 0)
	{
		ssize_t		w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			die("proxy: write");
		p += w;
		n -= (size_t) w;
	}
}

/*
 * Clear the masked capability bits of an Initial Handshake v10 payload in
 * place.  Anything that does not look like one is left alone.
 */
static void
mask_handshake(unsigned char *pl, size_t n, uint64_t mask)
{
	unsigned char *nul;
	size_t		at;
	uint32_t	caps;

	if (n < 1 || pl[0] != 10)
		return;
	nul = memchr(pl + 1, 0, n - 1);
	if (nul == NULL)
		return;
	at = (size_t) (nul - pl) + 1 + 4 + 8 + 1;	/* conn id, scramble 1, filler */
	if (at + 2 + 1 + 2 + 2 + 1 + 10 > n)
		return;
	caps = pl[at] | (uint32_t) pl[at + 1] << 8 | (uint32_t) pl[at + 5] << 16 |
		(uint32_t) pl[at + 6] << 24;
	caps &= ~(uint32_t) mask;
	pl[at] = caps & 0xff;
	pl[at + 1] = (caps >> 8) & 0xff;
	pl[at + 5] = (caps >> 16) & 0xff;
	pl[at + 6] = (caps >> 24) & 0xff;
	/* MariaDB: extended capabilities in the last 4 reserved bytes */
	if (!(caps & 1))
	{
		size_t		ext = at + 2 + 1 + 2 + 2 + 1 + 6;
		uint32_t	e = pl[ext] | (uint32_t) pl[ext + 1] << 8 |
			(uint32_t) pl[ext + 2] << 16 | (uint32_t) pl[ext + 3] << 24;

		e &= ~(uint32_t) (mask >> 32);
		for (int i = 0; i < 4; i++)
			pl[ext + i] = (e >> (8 * i)) & 0xff;
	}
}

/*
 * The same bits cleared in the client's Handshake Response 41 (int<4> flags;
 * MariaDB's extended flags in the filler's last 4 bytes), so that the server
 * too sees a client that did not ask: both ends then agree on the reduced
 * set, as the recording shows it.
 */
static void
mask_response(unsigned char *pl, size_t n, uint64_t mask)
{
	uint32_t	caps;

	if (n < 4)
		return;
	caps = pl[0] | (uint32_t) pl[1] << 8 | (uint32_t) pl[2] << 16 | (uint32_t) pl[3] << 24;
	caps &= ~(uint32_t) mask;
	for (int i = 0; i < 4; i++)
		pl[i] = (caps >> (8 * i)) & 0xff;
	if (!(caps & 1) && n >= 32)
	{
		uint32_t	e = pl[28] | (uint32_t) pl[29] << 8 | (uint32_t) pl[30] << 16 |
			(uint32_t) pl[31] << 24;

		e &= ~(uint32_t) (mask >> 32);
		for (int i = 0; i < 4; i++)
			pl[28 + i] = (e >> (8 * i)) & 0xff;
	}
}

/* Relay one connection until both sides have closed. */
static void
relay(int cfd, const char *upstream, const char *dir, int k, uint64_t mask)
{
	int			sfd = connect_upstream(upstream);
	char		path[4096];
	FILE	   *rec[2];
	int			fds[2] = {cfd, sfd};	/* 0: client side, 1: server side */
	int			open_in[2] = {1, 1};
	unsigned char *buf = malloc(1 << 20);
	/* each side's first packet is held until it is whole, when masking */
	unsigned char *first[2] = {NULL, NULL};
	size_t		first_len[2] = {0, 0};
	int			first_done[2] = {mask == 0, mask == 0};

	if (buf == NULL)
		die("proxy: malloc");
	snprintf(path, sizeof(path), "%s/%d.client", dir, k);
	rec[0] = fopen(path, "wb");
	snprintf(path, sizeof(path), "%s/%d.server", dir, k);
	rec[1] = fopen(path, "wb");
	if (rec[0] == NULL || rec[1] == NULL)
		die("proxy: open recording");
	setvbuf(rec[0], NULL, _IOFBF, 1 << 20);
	setvbuf(rec[1], NULL, _IOFBF, 1 << 20);

	while (open_in[0] || open_in[1])
	{
		struct pollfd p[2];
		int			np = 0, idx[2];

		for (int s = 0; s < 2; s++)
			if (open_in[s])
			{
				p[np].fd = fds[s];
				p[np].events = POLLIN;
				idx[np++] = s;
			}
		if (poll(p, np, -1) < 0)
		{
			if (errno == EINTR)
				continue;
			die("proxy: poll");
		}
		for (int i = 0; i < np; i++)
		{
			int			s = idx[i];
			ssize_t		r;

			if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			r = read(fds[s], buf, 1 << 20);
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0)
			{
				/* this side is done: pass the end on to the other side */
				open_in[s] = 0;
				shutdown(fds[1 - s], SHUT_WR);
				continue;
			}
			if (!first_done[s])
			{
				unsigned char *f;
				size_t		plen;

				f = first[s] = realloc(first[s], first_len[s] + (size_t) r);
				if (f == NULL)
					die("proxy: realloc");
				memcpy(f + first_len[s], buf, (size_t) r);
				first_len[s] += (size_t) r;
				if (first_len[s] < 4)
					continue;
				plen = f[0] | (size_t) f[1] << 8 | (size_t) f[2] << 16;
				if (first_len[s] < 4 + plen)
					continue;
				if (s == 1)
					mask_handshake(f + 4, plen, mask);
				else
					mask_response(f + 4, plen, mask);
				fwrite(f, 1, first_len[s], rec[s]);
				write_all(fds[1 - s], f, first_len[s]);
				first_done[s] = 1;
				free(f);
				first[s] = NULL;
				continue;
			}
			fwrite(buf, 1, (size_t) r, rec[s]);
			write_all(fds[1 - s], buf, (size_t) r);
		}
	}
	if (fclose(rec[0]) != 0 || fclose(rec[1]) != 0)
		die("proxy: write recording");
	free(buf);
	close(cfd);
	close(sfd);
}

int
main(int argc, char **argv)
{
	const char *upstream = NULL, *dir = NULL;
	uint64_t	mask = 0;
	int			port = 0, opt, lfd, one = 1, k = 0, children = 0;
	struct sockaddr_in addr = {0};
	socklen_t	alen = sizeof(addr);
	struct sigaction sa = {0};

	while ((opt = getopt(argc, argv, "u:o:m:p:")) != -1)
	{
		switch (opt)
		{
			case 'u':
				upstream = optarg;
				break;
			case 'o':
				dir = optarg;
				break;
			case 'm':
				mask = strtoull(optarg, NULL, 0);
				break;
			case 'p':
				port = atoi(optarg);
				break;
			default:
				fprintf(stderr, "usage: proxy -u HOST:PORT -o DIR [-m MASK] [-p PORT]\n");
				return 2;
		}
	}
	if (upstream == NULL || dir == NULL)
	{
		fprintf(stderr, "usage: proxy -u HOST:PORT -o DIR [-m MASK] [-p PORT]\n");
		return 2;
	}
	sa.sa_handler = on_term;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);

	lfd = socket(AF_INET, SOCK_STREAM, 0);
	if (lfd < 0)
		die("proxy: socket");
	setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	addr.sin_port = htons((uint16_t) port);
	if (bind(lfd, (struct sockaddr *) &addr, sizeof(addr)) != 0 || listen(lfd, 16) != 0)
		die("proxy: bind/listen");
	if (getsockname(lfd, (struct sockaddr *) &addr, &alen) != 0)
		die("proxy: getsockname");
	printf("port %d\n", ntohs(addr.sin_port));
	fflush(stdout);

	while (!stopping)
	{
		int			cfd = accept(lfd, NULL, NULL);
		pid_t		pid;

		while (children > 0 && waitpid(-1, NULL, WNOHANG) > 0)
			children--;
		if (cfd < 0)
		{
			if (errno == EINTR)
				continue;
			die("proxy: accept");
		}
		setsockopt(cfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		k++;
		pid = fork();
		if (pid < 0)
			die("proxy: fork");
		if (pid == 0)
		{
			close(lfd);
			relay(cfd, upstream, dir, k, mask);
			_exit(0);
		}
		children++;
		close(cfd);
	}
	close(lfd);
	while (wait(NULL) > 0)
		;
	return 0;
}
