# sbx prelude for Python: runs the user's code like a notebook cell.
#
# Started as: python3 -I -S -u -B -c PRELUDE CODE_FILE INPUTS_FILE|-
# The value of a final expression statement is the result; it and any
# uncaught exception go to fd 3 as one JSON object (see src/sandbox.h).
# -S skips site.py (4-5 ms, and .pth files would run code before ours), so
# the few things site provides that user code relies on are set up here.
# Only builtin modules are imported on the success path: `json` alone costs
# ~7 ms (it pulls in `re`), more than the rest of sbx's overhead.
import sys


def _sbx_main():
    import _ast
    import _json
    import builtins
    import posix

    # The gate (fd 4, see SANDBOX_GATE_FD): sbx writes one byte once every
    # sandbox layer is in place. No user code runs before it; EOF or an
    # error instead of the byte means sbx said no.
    try:
        opened = posix.read(4, 1) == b'g'
        posix.close(4)
    except OSError:
        opened = False
    if not opened:
        posix._exit(125)

    name = '<code>'
    code_path = sys.argv[1]
    inputs_path = sys.argv[2]
    ver = 'python%d.%d' % sys.version_info[:2]
    cwd = posix.getcwd()
    sys.path.insert(0, cwd)  # -I dropped it; --file modules are importable
    for d in ('/usr/local/lib/' + ver + '/dist-packages',
              '/usr/lib/python3/dist-packages',
              '/usr/lib/' + ver + '/dist-packages',
              sys.prefix + '/lib/' + ver + '/site-packages'):
        try:
            posix.stat(d)
        except OSError:
            continue
        if d not in sys.path:
            sys.path.append(d)

    class Quitter:
        def __init__(self, n):
            self.name = n

        def __repr__(self):
            return 'Use %s() or Ctrl-D (i.e. EOF) to exit' % self.name

        def __call__(self, code=None):
            raise SystemExit(code)

    builtins.exit = Quitter('exit')
    builtins.quit = Quitter('quit')

    main_pid = posix.getpid()

    def report(text):
        # Only the program's own process reports: a child it forked runs on
        # to the end of the code too, and two reports would be one garbled.
        if posix.getpid() != main_pid:
            return
        data = text.encode('utf-8', 'replace')
        try:
            while data:
                n = posix.write(3, data)
                data = data[n:]
        except OSError:
            pass  # no report pipe: run by hand, nothing to tell

    enc_str = _json.encode_basestring

    def to_json(v, depth, path):
        # Values JSON can't express become their repr(), in place.
        if v is None:
            return 'null'
        if v is True:
            return 'true'
        if v is False:
            return 'false'
        t = type(v)
        if t is str:
            return enc_str(v)
        if isinstance(v, int):
            if -(1 << 63) <= v < (1 << 63):
                return int.__repr__(v)
            return enc_str(int.__repr__(v))
        if isinstance(v, float):
            if v == v and v not in (float('inf'), float('-inf')):
                return float.__repr__(v)
            return enc_str(float.__repr__(v))
        if isinstance(v, (list, tuple, dict)):
            if id(v) in path or depth > 100:
                return enc_str('...')
            path.add(id(v))
            if isinstance(v, dict):
                parts = []
                for k, x in v.items():
                    if isinstance(k, str):
                        ks = k
                    elif k is None or k is True or k is False or isinstance(k, (int, float)):
                        ks = to_json(k, depth, path).strip('"')
                    else:
                        ks = safe_repr(k)
                    parts.append(enc_str(ks) + ':' + to_json(x, depth + 1, path))
                out = '{' + ','.join(parts) + '}'
            else:
                out = '[' + ','.join(to_json(x, depth + 1, path) for x in v) + ']'
            path.discard(id(v))
            return out
        return enc_str(safe_repr(v))

    def safe_repr(v):
        try:
            return repr(v)
        except BaseException:
            return '<%s object>' % type(v).__name__

    def fail(e, status=None):
        # Imported only now: linecache and traceback pull in `re` (~7 ms).
        import linecache
        import traceback
        if src is not None:
            linecache.cache[name] = (len(src), None,
                                     src.decode('utf-8', 'replace').splitlines(True), name)
        tb = e.__traceback__
        # Drop the prelude's own frames: the user's traceback starts at the
        # first frame of their code.
        while tb is not None and tb.tb_frame.f_code.co_filename != name:
            tb = tb.tb_next
        line = column = None
        t = tb
        while t is not None:
            if t.tb_frame.f_code.co_filename == name:
                line = t.tb_lineno
            t = t.tb_next
        msg = str(e)
        if isinstance(e, SyntaxError):
            line, column, msg = e.lineno, e.offset, e.msg or msg
        text = ''.join(traceback.format_exception(type(e), e, tb))
        try:
            sys.stderr.write(text)
            sys.stderr.flush()
        except BaseException:
            pass
        err = ('{"name":' + enc_str(type(e).__name__) + ',"message":' + enc_str(msg)
               + ',"line":' + to_json(line, 0, set()) + ',"column":' + to_json(column, 0, set())
               + ',"traceback":' + enc_str(text) + '}')
        st = ',"status":"memory_limit"' if status else ''
        report('{"error":' + err + st + '}')
        posix._exit(1)

    main = type(sys)('__main__')
    main.__builtins__ = builtins
    g = main.__dict__
    sys.modules['__main__'] = main
    sys.argv = [name]
    src = None
    try:
        with open(code_path, 'rb') as f:
            src = f.read()
        if inputs_path == '-':
            inputs = {}
        else:
            with open(inputs_path, 'rb') as f:
                text = f.read().decode('utf-8')
            # sbx wrote this file with jansson: plain JSON, which is a Python
            # expression once true/false/null are names.
            inputs = eval(text, {'__builtins__': {}, 'true': True, 'false': False, 'null': None})
        g['inputs'] = inputs
        tree = compile(src, name, 'exec', _ast.PyCF_ONLY_AST)
        last = None
        if tree.body and type(tree.body[-1]) is _ast.Expr:
            last = tree.body.pop()
        body = compile(tree, name, 'exec')
        expr = compile(_ast.Expression(last.value), name, 'eval') if last else None
    except MemoryError as e:
        fail(e, 'memory_limit')
    except BaseException as e:
        fail(e)
    del tree
    try:
        exec(body, g)
        value = eval(expr, g) if expr is not None else None
    except SystemExit:
        raise
    except MemoryError as e:
        fail(e, 'memory_limit')
    except BaseException as e:
        fail(e)
    if value is not None:
        try:
            doc = '{"result":' + to_json(value, 0, set()) + '}'
        except MemoryError as e:
            fail(e, 'memory_limit')
        except RecursionError:
            doc = '{"result":' + enc_str(safe_repr(value)) + '}'
        report(doc)


_sbx_main()
