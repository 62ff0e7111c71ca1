# sbx session kernel for Python: runs after sbx_prelude.py (started with
# _SBX_KERNEL set, so the prelude sets everything up but runs no program)
# and then runs one execution after another in the same globals, each as
# the prelude runs an -e program: same compile, same traceback, same result.
#
# fd 0 is sbx's control channel (a socket): one JSON object per line each
# way. In: {"state", "token"} once, then {"seq", "code", "inputs"} per
# execution. Out: {"ready", "restored", "unsaved"} once, then per execution
# {"done", "exit_code", "report", "interrupted", "cpu_ms", "maxrss_kb"} and,
# after the state is saved, {"saved", "ms", "bytes", "unsaved"}. The
# execution's end is also marked by the token on stdout and stderr, so sbx
# knows it has all the output written before "done".
# The code's stdin is /dev/null. SIGINT interrupts a running execution
# (sbx's per-execution timeout) and is ignored between executions.


def _sbx_kernel():
    import json
    import os
    import signal
    import types
    global _SBX_CAPTURE

    g, fail, to_json, cell = _sbx[2], _sbx[3], _sbx[5], _sbx[7]
    ctl = os.dup(0)
    try:
        null = os.open('/dev/null', os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
    except OSError:
        pass
    pending = [b'']

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
        return json.loads(line)

    def send(obj):
        data = (json.dumps(obj) + '\n').encode()
        while data:
            data = data[os.write(ctl, data):]

    busy, interrupted = [False], [False]

    def on_sigint(sig, frame):
        if busy[0]:
            interrupted[0] = True
            raise KeyboardInterrupt
    signal.signal(signal.SIGINT, on_sigint)

    def pickler():
        try:
            import dill
            return dill
        except ImportError:
            import pickle
            return pickle

    def save(path):
        # Each global on its own, so one that cannot be pickled is named
        # instead of losing the rest; modules by name, imported again.
        import pickle
        pk = pickler()
        saved, mods, unsaved = {}, {}, []
        for k, v in list(g.items()):
            if k == 'inputs' or (k.startswith('__') and k.endswith('__')):
                continue
            if isinstance(v, types.ModuleType):
                mods[k] = v.__name__
                continue
            try:
                saved[k] = pk.dumps(v)
            except BaseException as e:
                unsaved.append('%s (%s: %s)' % (k, type(v).__name__, str(e)[:120]))
        data = pickle.dumps({'format': 1, 'vars': saved, 'mods': mods, 'unsaved': unsaved})
        tmp = path + '.tmp'
        with open(tmp, 'wb') as f:
            f.write(data)
        os.replace(tmp, path)
        return len(data), unsaved

    def restore(path):
        import importlib
        import pickle
        try:
            with open(path, 'rb') as f:
                st = pickle.loads(f.read())
        except FileNotFoundError:
            return False, []
        except BaseException as e:
            return True, ['the saved state (%s)' % e]
        unsaved = list(st.get('unsaved', []))
        for k, m in st.get('mods', {}).items():
            try:
                g[k] = importlib.import_module(m)
            except BaseException as e:
                unsaved.append('%s (module %s: %s)' % (k, m, e))
        pk = pickler()
        for k, b in st.get('vars', {}).items():
            try:
                g[k] = pk.loads(b)
            except BaseException as e:
                unsaved.append('%s (%s)' % (k, str(e)[:120]))
        return True, unsaved

    def mark(token):
        for f in (sys.stdout, sys.stderr):
            try:
                f.flush()
            except BaseException:
                pass
        for fd in (1, 2):
            try:
                os.write(fd, token)
            except OSError:
                pass

    hello = read_frame()
    if hello is None:
        os._exit(0)
    state, token = hello['state'], hello['token'].encode()
    restored, unsaved = restore(state)
    send({'ready': True, 'restored': restored, 'unsaved': unsaved})
    while True:
        req = read_frame()
        if req is None:
            os._exit(0)
        send({'start': req['seq']})  # sbx resends to a new kernel what was never taken
        g['inputs'] = req.get('inputs') or {}
        _SBX_CAPTURE = []
        code, value = 0, None
        interrupted[0] = False
        # Rich results are per execution: each sends what it drew (figures
        # already sent come again only when they changed).
        _SBX_RICH['done'] = False
        _SBX_RICH['items'] = []
        t0 = os.times()
        try:
            busy[0] = True
            try:
                body, expr = cell(req['code'].encode('utf-8', 'surrogateescape'))
                exec(body, g)
                value = eval(expr, g) if expr is not None else None
            finally:
                busy[0] = False
            rich = _sbx_rich_end(value)
            if value is not None:
                try:
                    _sbx[4]('{"result":' + to_json(value) + rich + '}')
                except RecursionError:
                    _sbx[4]('{"result":' + json.dumps(repr(value)) + rich + '}')
            elif rich:
                _sbx[4]('{' + rich[1:] + '}')
        except SystemExit as e:
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
        mark(token)
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
