/* server — `sbx serve`: sockets, the token, the daemon, the drain.
 *
 * Why a child process per request (request_child.h) rather than running the
 * pipeline in a thread: a run forks sandboxes, changes signal dispositions
 * and rlimits and may be killed half-way; in a child, a crash or a leak in
 * one request cannot touch another, the CLI's exact validation and record
 * come for free, and a request's memory is returned to the system when it
 * ends. Every request's child is a fork of the runner (runner.h), forked
 * here before any thread: no exec, no start-up of a new sbx; it runs the
 * run or the command in-process (runner_job.h). bench/serve.sh measures
 * what the server adds to a run. */
#include "serve/server.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "engine/engine.h"
#include "sandbox/seccomp.h"
#include "serve/events_sse.h"
#include "serve/handler.h"
#include "serve/mhd.h"
#include "serve/runner.h"
#include "serve/runner_job.h"
#include "serve/warm_pool.h"
#include "session/session.h"
#include "util/buf.h"
#include "util/opt.h"
#include "util/front.h"
#include "util/util.h"
#include "util/textout.h"

static int load_token(struct server *s, const char *path)
{
	struct buf b = BUF_INIT;
	if (read_file(path, 4096, &b) != 0) {
		buf_release(&b);
		return error("cannot read the token file %s: give a readable file with "
			     "--token-file",
			     path);
	}
	size_t n = b.len;
	while (n && (b.data[n - 1] == '\n' || b.data[n - 1] == '\r' || b.data[n - 1] == ' '))
		n--;
	if (n < 16) {
		buf_release(&b);
		return error("the token in %s is shorter than 16 characters: use a long random "
			     "one, e.g. head -c 32 /dev/urandom | base64 > %s",
			     path, path);
	}
	struct sha256 h;
	sha256_init(&h);
	sha256_update(&h, b.data, n);
	char hex[65];
	sha256_final_hex(&h, hex);
	for (int i = 0; i < 32; i++) {
		unsigned v;
		sscanf(hex + 2 * i, "%2x", &v);
		s->token_sha256[i] = (unsigned char)v;
	}
	s->have_token = 1;
	buf_release(&b);
	return 0;
}

/* A unix socket, mode 0600. A stale socket (nobody accepts on it) is
 * replaced; a live one is another server's. */
static int listen_unix(const char *path)
{
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	if (strlen(path) >= sizeof(a.sun_path))
		return error("the socket path %s is longer than %zu bytes: use a shorter "
			     "--listen unix:PATH",
			     path, sizeof(a.sun_path) - 1);
	memcpy(a.sun_path, path, strlen(path) + 1);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return error("socket: %s", strerror(errno));
	struct stat st;
	if (lstat(path, &st) == 0) {
		if (!S_ISSOCK(st.st_mode)) {
			close(fd);
			return error("%s exists and is not a socket: remove it or choose another "
				     "--listen unix:PATH",
				     path);
		}
		if (connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0) {
			close(fd);
			return error("a server is already listening on %s: stop it, or choose "
				     "another --listen unix:PATH",
				     path);
		}
		unlink(path);
	}
	mode_t old = umask(0177);
	int rc = bind(fd, (struct sockaddr *)&a, sizeof(a));
	umask(old);
	if (rc != 0 || chmod(path, 0600) != 0 || listen(fd, 128) != 0) {
		int e = errno;
		close(fd);
		return error("cannot listen on %s: %s", path, strerror(e));
	}
	return fd;
}

/* HOST:PORT, [V6]:PORT or PORT (loopback). */
static int listen_tcp(const char *spec, char *bound, size_t boundlen)
{
	char host[256] = "127.0.0.1";
	const char *port = spec;
	const char *colon = strrchr(spec, ':');
	if (colon) {
		size_t hl = (size_t)(colon - spec);
		const char *h = spec;
		if (hl >= 2 && h[0] == '[' && h[hl - 1] == ']') {
			h++;
			hl -= 2;
		}
		if (hl == 0 || hl >= sizeof(host))
			return error("invalid --listen '%s': use unix:PATH, HOST:PORT or PORT",
				     spec);
		memcpy(host, h, hl);
		host[hl] = '\0';
		port = colon + 1;
	}
	uint64_t pn;
	if (opt_uint("--listen", port, 0, 65535, &pn) != 0)
		return -1;
	struct addrinfo hints = {.ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICSERV}, *ai;
	int g = getaddrinfo(host, port, &hints, &ai);
	if (g != 0)
		return error("cannot resolve '%s' for --listen: %s", host, gai_strerror(g));
	int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	int one = 1;
	if (fd >= 0)
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (fd < 0 || bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(fd, 128) != 0) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		freeaddrinfo(ai);
		return error("cannot listen on %s: %s", spec, strerror(e));
	}
	freeaddrinfo(ai);
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	char hb[NI_MAXHOST], pb[NI_MAXSERV];
	getsockname(fd, (struct sockaddr *)&ss, &sl);
	getnameinfo((struct sockaddr *)&ss, sl, hb, sizeof(hb), pb, sizeof(pb),
		    NI_NUMERICHOST | NI_NUMERICSERV);
	snprintf(bound, boundlen, strchr(hb, ':') ? "http://[%s]:%s" : "http://%s:%s", hb, pb);
	return fd;
}

/* Atomically (temp + rename), or straight into a FIFO the caller waits
 * on (tests read it: no polling for the server to come up). */
static int write_ready(const char *path, const char *addr)
{
	char tmp[4096];
	struct stat st;
	if (stat(path, &st) == 0 && S_ISFIFO(st.st_mode)) {
		int fd = open(path, O_WRONLY | O_CLOEXEC);
		size_t n = strlen(addr);
		int ok = fd >= 0 && write_all(fd, addr, n) == 0 && write_all(fd, "\n", 1) == 0;
		if (fd >= 0)
			close(fd);
		return ok ? 0 : error("cannot write the ready FIFO %s: %s", path, strerror(errno));
	}
	snprintf(tmp, sizeof(tmp), "%s.tmp%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "w");
	if (!f || fprintf(f, "%s\n", addr) < 0 || fclose(f) != 0 || rename(tmp, path) != 0)
		return error("cannot write the ready file %s: %s", path, strerror(errno));
	return 0;
}

static int serve(const struct serve_config *cfg)
{
	static struct server s;
	char sock_default[4096], bound[4200];
	const char *listen_spec = cfg->listen;
	memset(&s, 0, sizeof(s));
	s.cfg = cfg;
	if (mhd_load() != 0)
		return 125;
	if (cfg->token_file && load_token(&s, cfg->token_file) != 0)
		return 125;
	if (!listen_spec) {
		snprintf(sock_default, sizeof(sock_default), "unix:%s/serve.sock", cfg->state_dir);
		listen_spec = sock_default;
	}
	bool is_unix = !strncmp(listen_spec, "unix:", 5);
	if (!is_unix && !s.have_token)
		return error("TCP needs a bearer token: give --token-file FILE (or listen on a "
			     "unix socket: --listen unix:PATH)"),
		       125;
	int fd =
	    is_unix ? listen_unix(listen_spec + 5) : listen_tcp(listen_spec, bound, sizeof(bound));
	if (fd < 0)
		return 125;
	if (is_unix)
		snprintf(bound, sizeof(bound), "%s", listen_spec);
	admission_init(&s.admission, cfg->max_concurrent, cfg->max_queue);
	if (events_sse_init() != 0) {
		close(fd);
		return error("cannot make a pipe: %s", strerror(errno)), 125;
	}

	/* Every thread (libmicrohttpd's too) inherits this mask: the signals
	 * reach only sigwait below. */
	sigset_t stop;
	sigemptyset(&stop);
	sigaddset(&stop, SIGTERM);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &stop, NULL);

	if (conn_guard_start(&s.guard, cfg->head_timeout_ms) != 0) {
		close(fd);
		return 125;
	}
	/* A connection starts with the head's deadline as its idle timeout
	 * too (a silent one goes without waiting for conn_guard's turn); the
	 * handler gives it SERVE_IDLE_TIMEOUT_S once its token is checked. */
	unsigned head_s = (unsigned)((cfg->head_timeout_ms + 999) / 1000);
	unsigned limit = cfg->max_concurrent + cfg->max_queue + cfg->max_subscribers + 64;
	struct MHD_Daemon *d =
	    mhd.start_daemon(MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD |
				 MHD_USE_ITC | MHD_USE_POLL,
			     0, NULL, NULL, handler_access, &s, MHD_OPTION_LISTEN_SOCKET, fd,
			     MHD_OPTION_CONNECTION_LIMIT, limit, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
			     cfg->max_per_address, MHD_OPTION_CONNECTION_TIMEOUT, head_s,
			     MHD_OPTION_NOTIFY_CONNECTION, handler_connection, &s,
			     MHD_OPTION_NOTIFY_COMPLETED, handler_completed, &s, MHD_OPTION_END);
	if (!d) {
		conn_guard_stop(&s.guard);
		close(fd);
		return error("libmicrohttpd could not start on %s", bound), 125;
	}
	text_printf(stderr, "sbx: serving on %s\n", bound);
	if (cfg->ready_file && write_ready(cfg->ready_file, bound) != 0) {
		mhd.stop_daemon(d);
		conn_guard_stop(&s.guard);
		return 125;
	}
	int sig = 0;
	while (sigwait(&stop, &sig) != 0)
		;
	/* Stop accepting, let what runs or waits finish and answer; a request
	 * on a connection kept alive (a proxy's) gets 503 draining, which a
	 * load balancer retries on another node: this one ran nothing of it. */
	atomic_store(&s.draining, true);
	fprintf(stderr, "sbx: %s: no new requests; finishing the ones in flight\n", strsignal(sig));
	int lfd = mhd.quiesce_daemon(d);
	if (lfd >= 0)
		close(lfd);
	if (is_unix)
		unlink(listen_spec + 5);
	events_sse_shutdown(); /* event streams never end by themselves */
	admission_drain(&s.admission);
	mhd.stop_daemon(d);
	conn_guard_stop(&s.guard);
	fprintf(stderr, "sbx: server stopped\n");
	return 0;
}

int serve_main(const struct serve_config *cfg)
{
	/* The runs' seccomp filters, built once: the runner's children
	 * inherit them as batch's workers do (a failure here leaves each run
	 * to build its own, and to fail closed). */
	(void)seccomp_prebuild();
	/* The node every child inherits: the sessions they create carry it. */
	char node[8];
	snprintf(node, sizeof node, "%u", cfg->node);
	if (cfg->node ? setenv(SESSION_NODE_ENV, node, 1) != 0 : session_this_node() < 0)
		return 125;
	char pid[16]; /* the sessions' daemons end with this node (session.h) */
	snprintf(pid, sizeof pid, "%d", (int)getpid());
	if (session_lease_check_env() < 0 ||
	    (cfg->node && setenv(SESSION_NODE_PID_ENV, pid, 1) != 0))
		return 125;
	/* Every child says its failure as a record, text answers too: the
	 * answer's status is the record's kind (handler.c). */
	if (setenv("SBX_FAILURE_RECORD", "1", 1) != 0 || setenv("SBX_FRONT", "http", 1) != 0)
		return 125;
	handler_set_node(cfg->node ? (unsigned)cfg->node : (unsigned)session_this_node());
	/* First, while this process has one thread, no socket and no token:
	 * the runner's children inherit none of them. */
	if (runner_start(runner_job_main) != 0) {
		fprintf(stderr,
			"sbx: cannot start the runner process (%s): every request runs in a "
			"fork of it; free memory or processes, then start sbx serve again\n",
			strerror(errno));
		return 125;
	}
	if (warm_pool_start(cfg) != 0)
		fprintf(stderr, "sbx: no warm sandboxes: every run starts cold\n");
	int rc = serve(cfg);
	warm_pool_stop(); /* its sandboxes are the runner's children */
	runner_stop();
	/* The last warm runs left their directories and groups to a next
	 * run that may never come: removed now, the runner being gone. */
	engine_sweep_leftovers(cfg->state_dir);
	return rc;
}
