# sbx session kernel for Python: runs after sbx_prelude.py (started with
# _SBX_KERNEL set, so the prelude sets everything up but runs no program)
# and then runs one execution after another in the same globals, each as
# the prelude runs an -e program: same compile, same traceback, same result.
#
# fd 0 is sbx's control channel (a socket): one JSON object per line each
# way. In: {"state", "token"} once, then {"seq", "code", "inputs"} per
# execution, with "stdin" (a file), "env" and "args" when it has them. Out: {"ready", "restored", "unsaved"} once, then per execution
# {"done", "exit_code", "report", "interrupted", "cpu_ms", "maxrss_kb"} and,
# after the state is saved, {"saved", "ms", "bytes", "unsaved"}; for a
# sys.exit(N) with N != 0, {"exiting", "exit_code"}, the save, and the
# process's exit with N instead (sbx takes the status from its exit, and
# its CPU time and memory from /proc: src/session/session_account.c). The
# execution's end is also marked by the token on stdout and stderr, so sbx
# knows it has all the output written before "done".
# The code's stdin (fd 0 and a fresh sys.stdin, every execution) is the
# execution's "stdin" file, else /dev/null; its
# "env" is set in os.environ for the execution only (each variable gets its
# old value back after it), its "args" are sys.argv[1:] for the execution.
# SIGINT interrupts a running execution (sbx's per-execution timeout or
# CPU-time limit) and is ignored between executions.


def _sbx_kernel():
    # Builtin modules only until the first execution, as the prelude (see
    # its header): `json`, `signal` (enum), `pickle` (re, struct) and
    # `importlib` cost ~25 ms of python3's start, which a restore pays in
    # full before the first execution can run.
    import _json
    import _signal
    import os
    from posix import _exit, write
    global _SBX_CAPTURE, _SBX_STREAM

    g, fail, cell, copy_of = _sbx[2], _sbx[3], _sbx[7], _sbx[8]
    ctl = os.dup(0)
    try:
        null = os.open('/dev/null', os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
    except OSError:
        pass
    pending = [b'']
    argv0 = list(sys.argv[:1])

    std_enc = (getattr(sys.stdin, 'encoding', None) or 'utf-8',
               getattr(sys.stdin, 'errors', None) or 'strict')
    # Python's own sys.stdin owns fd 0 (closefd): kept, never collected.
    std_orig = (sys.stdin, sys.__stdin__)

    def set_stdin(path):
        # Every execution, as a fresh process: fd 0 the execution's stdin
        # (or /dev/null), and a fresh sys.stdin (nothing buffered from the
        # last one, whatever the last one's code did to fd 0 or sys.stdin:
        # open(0) closes fd 0 when it is collected).
        import io
        try:
            fd = os.open(path or '/dev/null', os.O_RDONLY)
            if fd != 0:  # fd 0 was closed: the open took its place
                os.dup2(fd, 0)
                os.close(fd)
        except OSError:
            pass
        sys.stdin = sys.__stdin__ = io.TextIOWrapper(
            io.BufferedReader(io.FileIO(0, 'r', closefd=False)), encoding=std_enc[0],
            errors=std_enc[1])
        std_orig  # (referenced: see above)

    def set_env(env):
        # The old values, to put back after the execution.
        old = {}
        for k, v in (env or {}).items():
            old[k] = os.environ.get(k)
            os.environ[k] = v
        return old

    def unset_env(old):
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v

    class Ctx:
        # What _json's scanner reads from json.JSONDecoder (as the prelude's).
        strict = True
        object_hook = object_pairs_hook = None
        parse_float = parse_constant = float
        parse_int = int
        memo = {}
    scan = _json.make_scanner(Ctx())
    enc = _json.encode_basestring_ascii

    def dumps(v):
        # json.dumps for what the frames hold: dicts of str keys, lists,
        # strings, numbers, booleans.
        if v is None or v is True or v is False:
            return 'null' if v is None else 'true' if v else 'false'
        if isinstance(v, str):
            return enc(v)
        if isinstance(v, int):
            return int.__repr__(v)  # as json's: an exit code may be an IntFlag
        if isinstance(v, float):
            return float.__repr__(v)
        if isinstance(v, dict):
            return '{' + ', '.join(enc(k) + ': ' + dumps(x) for k, x in v.items()) + '}'
        return '[' + ', '.join(dumps(x) for x in v) + ']'

    def read_frame():
        while b'\n' not in pending[0]:
            try:
                data = os.read(ctl, 1 << 16)
            except InterruptedError:
                continue
            if not data:
                return None
            pending[0] += data
        line, _, pending[0] = pending[0].partition(b'\n')
        return scan(line.decode('utf-8', 'surrogatepass'), 0)[0]

    send_lock = __import__('_thread').allocate_lock()

    def send(obj):
        # posix.write as it was when the kernel started, not os.write, which
        # the code can replace (sbx checks every frame and measures the
        # execution itself: this only keeps the simplest patch out).
        data = (dumps(obj) + '\n').encode()
        if len(data) > LINE_MAX and obj.get('report'):
            # Past what sbx reads of one line (a --max-output of many MiB,
            # escaped): the execution's report is left out and named, as
            # an over-size result is; the kernel and its state go on.
            obj['report'] = ['{"results":[{"mime":"application/json","data":"",'
                             '"truncated":true,"bytes":%d}]}' % len(obj['report'][0])]
            data = (dumps(obj) + '\n').encode()
        with send_lock:  # a result a thread of the code's sends is never inside another line
            while data:
                data = data[write(ctl, data):]

    busy, interrupted = [False], [False]
    cur_seq = [None]  # the execution in progress: its results go out as made

    def stream(item):
        if cur_seq[0] is None:
            return  # a thread of the code's between executions: no execution to tell
        item = item.encode('utf-8', 'surrogatepass').decode('utf-8', 'replace')
        if len(item) < LINE_MAX // 2:  # else only in the report (cut there too)
            send({'result': cur_seq[0], 'item': item})
    _SBX_STREAM = stream
    LINE_MAX = (16 << 20) - 4096  # session_kernel_link.h's KERNEL_LINE_MAX, less the frame

    def on_sigint(sig, frame):
        if busy[0]:
            interrupted[0] = True
            raise KeyboardInterrupt
    _signal.signal(_signal.SIGINT, on_sigint)

    # The last state written, when small: an execution that changed
    # nothing (a print, a query) skips the write. A large one is not kept
    # (it would double the session's memory); it is written every time.
    picklers, last_saved, SAME_MAX = [], [None], 1 << 16

    def pickler():
        # Looked for once: a failed import searches sys.path every time.
        if not picklers:
            try:
                import dill
                picklers.append(dill)
            except ImportError:
                import pickle
                picklers.append(pickle)
        return picklers[0]

    def save(path):
        # Each global on its own, so one that cannot be pickled is named
        # instead of losing the rest; modules by name, imported again.
        import pickle
        import warnings
        pk = pickler()
        saved, mods, unsaved = {}, {}, []
        # Quiet: what the save prints (dill's PicklingWarning for a class it
        # cannot find by reference) is not the program's output, and would
        # reach the next execution's stderr; what did not pickle is named.
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            for k, v in list(g.items()):
                if k == 'inputs' or (k.startswith('__') and k.endswith('__')):
                    continue
                if isinstance(v, type(sys)):
                    mods[k] = v.__name__
                    continue
                try:
                    saved[k] = pk.dumps(v)
                except BaseException as e:
                    unsaved.append('%s (%s: %s)' % (k, type(v).__name__, str(e)[:120]))
        data = pickle.dumps({'format': 1, 'vars': saved, 'mods': mods, 'unsaved': unsaved})
        if data == last_saved[0] and os.path.exists(path):
            return len(data), unsaved  # the file already holds it
        tmp = path + '.tmp'
        with open(tmp, 'wb') as f:
            f.write(data)
        os.replace(tmp, path)
        last_saved[0] = data if len(data) <= SAME_MAX else None
        return len(data), unsaved

    def restore(path):
        # _pickle is pickle's own loads, without pickle.py's imports.
        try:
            import _pickle as pickle
        except ImportError:
            import pickle
        try:
            with open(path, 'rb') as f:
                data = f.read()
            last_saved[0] = data if len(data) <= SAME_MAX else None
            st = pickle.loads(data)
        except FileNotFoundError:
            return False, []
        except BaseException as e:
            return True, ['the saved state (%s)' % e]
        unsaved = list(st.get('unsaved', []))
        for k, m in st.get('mods', {}).items():
            try:
                __import__(m)
                g[k] = sys.modules[m]
            except BaseException as e:
                unsaved.append('%s (module %s: %s)' % (k, m, e))
        for k, b in st.get('vars', {}).items():
            try:
                # A stream that names nothing of dill's (numbers, strings,
                # containers, frames of data) is plain pickle: loaded
                # without importing dill, which costs ~90 ms of a restore.
                plain = b'dill' not in b and b'__builtin__' not in b
                g[k] = pickle.loads(b) if plain else pickler().loads(b)
            except BaseException as e:
                unsaved.append('%s (%s)' % (k, str(e)[:120]))
        return True, unsaved

    def program(p):
        # A FILE (session_files.c): named as python3 FILE names it, as the
        # one-shot prelude does: tracebacks and warnings give its absolute
        # path and quote its lines (seeded into linecache: that path is the
        # client's, not the sandbox's), __file__ is its copy in the working
        # directory (else that path), sys.argv[0] the name as given. After
        # the execution __file__ is what it was before. Returns (name,
        # argv, restore, seed) or None for code that is not a FILE.
        if not isinstance(p, dict):
            return None
        # absolute as python3 makes it: the working directory joined, not
        # normalised (./p.py is /dir/./p.py)
        name = str(p.get('path', ''))
        had, old = '__file__' in g, g.get('__file__')

        def seed(src):
            import linecache
            linecache.cache[name] = (len(src), None,
                                     src.decode('utf-8', 'replace').splitlines(True), name)
            g['__file__'] = copy_of(name, src)

        def restore():
            if had:
                g['__file__'] = old
            else:
                g.pop('__file__', None)
        return name, [str(p.get('as_given', name))], restore, seed

    def mark(token):
        for f in (sys.stdout, sys.stderr):
            try:
                f.flush()
            except BaseException:
                pass
        for fd in (1, 2):
            try:
                write(fd, token)
            except OSError:
                pass

    hello = read_frame()
    if hello is None:
        os._exit(0)
    state, token = hello['state'], hello['token'].encode()
    if hello.get('fresh'):
        # session exec --fresh: none of the earlier executions' state (a
        # restore runs their objects' code); what this one makes is saved.
        try:
            os.unlink(state)
        except OSError:
            pass
    restored, unsaved = restore(state)
    mark(token)  # the restore's output ends here: sbx drops it, unseen
    send({'ready': True, 'restored': restored, 'unsaved': unsaved})
    while True:
        req = read_frame()
        if req is None:
            os._exit(0)
        send({'start': req['seq']})  # sbx resends to a new kernel what was never taken
        g['inputs'] = req.get('inputs') or {}
        set_stdin(req.get('stdin'))
        old_env = set_env(req.get('env'))
        prog = program(req.get('program'))
        sys.argv = (prog[1] if prog else argv0) + list(req.get('args') or [])
        _SBX_CAPTURE = []
        code, value, exited = 0, None, False
        interrupted[0] = False
        # Rich results are per execution: each sends what it drew (figures
        # already sent come again only when they changed).
        _SBX_RICH['done'] = False
        _SBX_RICH['items'] = []
        _SBX_RICH['sent'] = 0
        if isinstance(req.get('results_max'), int):
            _SBX_RICH['budget'] = req['results_max']  # this execution's output limit
        t0 = os.times()
        cur_seq[0] = req['seq']
        try:
            busy[0] = True
            try:
                src = req['code'].encode('utf-8', 'surrogateescape')
                if prog:
                    prog[3](src)
                body, expr = cell(src, prog[0] if prog else '<string>')
                exec(body, g)
                value = eval(expr, g) if expr is not None else None
            finally:
                busy[0] = False
            rich = _sbx_result_report(value)
            if rich:
                _sbx[4](rich)
        except SystemExit as e:
            exited = True
            rich = _sbx_rich_end()
            if rich:
                _sbx[4]('{' + rich[1:] + '}')
            c = e.code
            if c is None:
                code = 0
            elif isinstance(c, int):
                code = c & 0xff
            else:
                try:
                    sys.stderr.write(str(c) + '\n')
                except BaseException:
                    pass
                code = 1
        except KeyboardInterrupt as e:
            if not interrupted[0]:
                try:
                    fail(e)
                except SystemExit:
                    code = 1
        except BaseException as e:
            # MemoryError too: the session goes on (sbx names the status).
            try:
                fail(e)
            except SystemExit:
                code = 1
        t1 = os.times()
        cur_seq[0] = None
        unset_env(old_env)
        sys.argv = list(argv0)
        if prog:
            prog[2]()
        if req.get('stdin'):
            set_stdin(None)  # the file is removed after the execution
        mark(token)
        if code != 0 and exited:
            # sys.exit(N), N != 0: the kernel saves the state and exits with
            # N, so that sbx sees the exit status itself (waitpid), whatever
            # an earlier execution did to what the kernel writes; the next
            # execution starts a kernel from the state saved here.
            send({'exiting': req['seq'], 'exit_code': code})
            try:
                save(state)
            except BaseException:
                pass
            _exit(code)
        import resource
        send({'done': req['seq'], 'exit_code': code, 'report': _SBX_CAPTURE[-1:],
              'interrupted': interrupted[0],
              'cpu_ms': 1000.0 * sum(t1[i] - t0[i] for i in range(4)),
              'maxrss_kb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss})
        _SBX_CAPTURE = None
        import time
        s0 = time.monotonic()
        try:
            size, unsaved = save(state)
        except BaseException as e:
            size, unsaved = 0, ['the state (%s)' % e]
        send({'saved': req['seq'], 'ms': 1000.0 * (time.monotonic() - s0), 'bytes': size,
              'unsaved': unsaved})


_sbx_kernel()
