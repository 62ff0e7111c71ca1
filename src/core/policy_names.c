/* policy_names — the rule table and the names of levels and profiles (see
 * policy_names.h). Plain data and lookups: calls libc and config.h only.
 */
#include "core/policy_names.h"

#include <string.h>

#include "core/lang.h"

#define L_JS   ((1u << LANG_JAVASCRIPT) | (1u << LANG_TYPESCRIPT))
#define L_PY   (1u << LANG_PYTHON)
#define L_R    (1u << LANG_R)
#define L_JAVA (1u << LANG_JAVA)
#define L_SH   (1u << LANG_BASH)
#define L_C    ((1u << LANG_C) | (1u << LANG_CPP))
#define L_GO   (1u << LANG_GO)

/* The rule table. Built-in levels: by default nothing blocks: eval,
 * imports, subprocesses, sockets, even prototype writes are found in
 * honest programs that run correctly, and the sandbox stops what would
 * reach the host anyway; the scanner is advisory (a computed name like
 * o['constr' + 'uctor'] passes it). The strict profile (`--policy strict`)
 * blocks every rule that warns, as the JavaScript sandbox services do by
 * default. java.exit is off: System.exit is how Java programs set their
 * exit status. The order is not an API (the ids are). */
static const struct policy_rule rules[] = {
    {"js.dynamic_code", L_JS, POLICY_WARN, 0.4,
     "eval, Function(), new Function, .constructor.constructor, setTimeout/setInterval with a "
     "string"},
    {"js.module_loading", L_JS, POLICY_WARN, 0.2,
     "require() of anything but node's pure core modules, import, import()"},
    {"js.process", L_JS, POLICY_WARN, 0.4, "process.* (Node's process object)"},
    {"js.prototype_pollution", L_JS, POLICY_WARN, 0.7,
     "writes through __proto__, constructor[...], Object.prototype writes"},
    {"js.fs", L_JS, POLICY_WARN, 0.3, "fs.* and loading the fs module"},
    {"py.subprocess", L_PY, POLICY_WARN, 0.5,
     "subprocess, pty, os.system, os.popen, os.exec*, os.spawn*, os.fork"},
    {"py.dynamic_code", L_PY, POLICY_WARN, 0.3,
     "eval(), exec(), __import__(), importlib.import_module()"},
    {"py.native", L_PY, POLICY_WARN, 0.5, "ctypes, cffi (calling C directly)"},
    {"py.network", L_PY, POLICY_WARN, 0.4,
     "socket, urllib, http, requests, httpx, aiohttp, ftplib, smtplib"},
    {"py.host_files", L_PY, POLICY_WARN, 0.2, "open() of an absolute path"},
    {"r.system", L_R, POLICY_WARN, 0.5, "system(), system2(), shell(), pipe()"},
    {"r.environment", L_R, POLICY_WARN, 0.2, "Sys.setenv(), Sys.unsetenv()"},
    {"r.network", L_R, POLICY_WARN, 0.4,
     "socketConnection(), url(), download.file(), make.socket()"},
    {"r.native", L_R, POLICY_WARN, 0.5, "dyn.load(), .C(), .Call(), .External(), .Fortran()"},
    {"r.dynamic_code", L_R, POLICY_WARN, 0.3, "eval(parse(...)), eval(str2lang(...))"},
    {"java.process", L_JAVA, POLICY_WARN, 0.5, "Runtime.exec(), ProcessBuilder"},
    {"java.network", L_JAVA, POLICY_WARN, 0.4, "java.net.*, sockets, HttpClient"},
    {"java.reflection", L_JAVA, POLICY_WARN, 0.4,
     "setAccessible(), java.lang.reflect, Class.forName(), MethodHandles"},
    {"java.native", L_JAVA, POLICY_WARN, 0.5,
     "System.load(), System.loadLibrary(), sun.misc.Unsafe"},
    {"java.exit", L_JAVA, POLICY_OFF, 0.05, "System.exit(), Runtime.halt()"},
    {"sh.network", L_SH, POLICY_WARN, 0.4,
     "curl, wget, nc, socat, ssh and other network clients, /dev/tcp and /dev/udp"},
    {"sh.privilege", L_SH, POLICY_WARN, 0.3,
     "sudo, su, doas, pkexec, chroot, nsenter, unshare, mount"},
    {"c.process", L_C, POLICY_WARN, 0.5, "system(), popen(), exec*(), fork(), posix_spawn()"},
    {"c.network", L_C, POLICY_WARN, 0.4, "socket(), connect(), bind(), getaddrinfo()"},
    {"c.native", L_C, POLICY_WARN, 0.4, "syscall(), inline asm, dlopen()"},
    {"go.process", L_GO, POLICY_WARN, 0.5, "os/exec, os.StartProcess"},
    {"go.network", L_GO, POLICY_WARN, 0.4, "net and the packages under it (net/http, ...)"},
    {"go.native", L_GO, POLICY_WARN, 0.4, "unsafe, syscall, plugin"},
};

#define NRULES (sizeof(rules) / sizeof(rules[0]))
_Static_assert(NRULES <= CONFIG_MAX_RULES, "raise CONFIG_MAX_RULES in config.h");

size_t policy_rule_count(void)
{
	return NRULES;
}

const struct policy_rule *policy_rule_at(size_t i)
{
	return i < NRULES ? &rules[i] : NULL;
}

int policy_rule_index(const char *id)
{
	for (size_t i = 0; i < NRULES; i++)
		if (!strcmp(rules[i].id, id))
			return (int)i;
	return -1;
}

const char *policy_level_name(enum policy_level l)
{
	switch (l) {
	case POLICY_OFF: return "off";
	case POLICY_WARN: return "warn";
	case POLICY_BLOCK: return "block";
	default: return "default";
	}
}

enum policy_level policy_level_from_name(const char *s)
{
	if (!strcmp(s, "off"))
		return POLICY_OFF;
	if (!strcmp(s, "warn"))
		return POLICY_WARN;
	if (!strcmp(s, "block"))
		return POLICY_BLOCK;
	return POLICY_DEFAULT;
}

int policy_profile_from_name(const char *s, enum policy_profile *out)
{
	if (!strcmp(s, "default"))
		*out = POLICY_PROFILE_DEFAULT;
	else if (!strcmp(s, "strict"))
		*out = POLICY_PROFILE_STRICT;
	else
		return -1;
	return 0;
}

enum policy_level policy_rule_level(const struct config *cfg, size_t i)
{
	if (i >= NRULES)
		return POLICY_OFF;
	if (cfg && cfg->rule_levels[i] != POLICY_DEFAULT)
		return (enum policy_level)cfg->rule_levels[i];
	if (cfg && cfg->policy_profile == POLICY_PROFILE_STRICT && rules[i].level == POLICY_WARN)
		return POLICY_BLOCK;
	return rules[i].level;
}
