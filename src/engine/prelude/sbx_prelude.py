# sbx prelude for Python: runs the user's code as python3 would, and like a
# notebook cell. Part 1 of 4: build-aux/gen-prelude.sh joins this file and
# sbx_prelude_main.py into one program, with sbx_prelude_rich.py and
# sbx_prelude_hint.py in it as source text compiled only when a run needs
# them (a result, a figure, an error): compiling is most of the prelude's
# cost (~2.3 ms per 19 KB of source), paid on every run.
#
# Started as: python3 -I -S -u -B -c PRELUDE CODE_FILE INPUTS_FILE|- ARGV0 NAME [ARG...]
# ARGV0 is sys.argv[0] as python3 would give it (the file as named, "-c",
# "-"); NAME is the code's file name in tracebacks and __file__ (the file's
# absolute path, "<string>", "<stdin>"). The value of a final expression
# statement is the result; it and any uncaught exception go to fd 3 as one
# JSON object (see src/sandbox/sandbox.h).
# -S skips site.py (4-5 ms, and .pth files would run code before ours), so
# the few things site provides that user code relies on are set up here.
# Only builtin modules are imported on the success path: `json` alone costs
# ~7 ms (it pulls in `re`), more than the rest of sbx's overhead.
import sys

# A session's kernel (sbx_kernel.py, run after this file) collects each
# execution's report here instead of writing it to fd 3.
_SBX_CAPTURE = None
# A session's kernel sends each rich result as it is made through this
# (the item's JSON) instead of fd 3.
_SBX_STREAM = None


class _SbxAfterImport:
    # Runs then(module) once modname is first imported, by whoever: the
    # real loader runs, then this; it removes itself on first use, so a
    # program that never imports modname never pays for it. linecache:
    # python3 FILE quotes the file's lines in tracebacks and warnings, read
    # by linecache from NAME, which the sandbox does not have: they are put
    # in its cache (it imports `re`, ~7 ms). traceback and inspect: sbx's
    # frames are trimmed. matplotlib.pyplot: its show() is wrapped
    # (_sbx_hook_show); IPython.display: its display() is sbx's.
    def __init__(self, modname, then):
        self.modname, self.then = modname, then

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.modname:
            return None
        sys.meta_path.remove(self)
        for finder in sys.meta_path:
            spec = getattr(finder, 'find_spec', lambda *a: None)(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        then, loader = self.then, spec.loader

        class Hooking:
            def create_module(self, spec):
                return loader.create_module(spec)

            def exec_module(self, module):
                spec.loader = module.__loader__ = loader
                loader.exec_module(module)
                then(module)
        spec.loader = Hooking()
        return spec


def _sbx_setup():
    import _ast
    import _json
    import builtins
    import posix

    code_path, inputs_path, argv0, name = sys.argv[1:5]
    is_file = not name.startswith('<')  # its path as python3 gives it: not normalised
    ver = 'python%d.%d' % sys.version_info[:2]
    cwd = posix.getcwd()
    # A virtualenv's python (configured command): what site.py does at
    # startup, which -S skipped: sys.prefix, the venv's site-packages and
    # .pth files first, the system's only with include-system-site-packages.
    system_site = True
    exe_dir = sys.executable.rpartition('/')[0]
    for cfg in (exe_dir + '/pyvenv.cfg', exe_dir.rpartition('/')[0] + '/pyvenv.cfg'):
        try:
            posix.stat(cfg)
        except OSError:
            continue
        import site
        site.venv(None)
        system_site = site.PREFIXES != [sys.prefix]
        break
    for d in ('/usr/local/lib/' + ver + '/dist-packages',
              '/usr/lib/python3/dist-packages',
              '/usr/lib/' + ver + '/dist-packages',
              sys.prefix + '/lib/' + ver + '/site-packages'):
        if not system_site and not d.startswith(sys.prefix + '/'):
            continue
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
    # help, copyright, credits and license, as site.setcopyright and
    # site.sethelper make them (_sitebuiltins is small; site imports os).
    import _sitebuiltins
    builtins.copyright = _sitebuiltins._Printer('copyright', sys.copyright)
    builtins.credits = _sitebuiltins._Printer('credits', '''\
    Thanks to CWI, CNRI, BeOpen.com, Zope Corporation and a cast of thousands
    for supporting Python development.  See www.python.org for more information.''')
    here = getattr(sys, '_stdlib_dir', None)
    builtins.license = _sitebuiltins._Printer(
        'license', 'See https://www.python.org/psf/license/',
        ['LICENSE.txt', 'LICENSE'] if here else [],
        [here + '/..', here, '.'] if here else [])
    builtins.help = _sitebuiltins._Helper()

    main_pid = posix.getpid()
    # fd 3's writers: a lock (reentrant: a signal handler may display), and
    # whether the report began, after which a streamed result would be
    # report (sandbox/report_frames.h): a thread's late display() is not sent.
    fd3 = {'lock': __import__('_thread').RLock(), 'reported': False}

    def write3(data):
        data = data.encode('utf-8', 'surrogatepass').decode('utf-8', 'replace').encode()
        try:
            while data:
                n = posix.write(3, data)
                data = data[n:]
        except OSError:
            pass  # no report pipe: run by hand, nothing to tell

    def report(text):
        # Only the program's own process reports: a child it forked runs on
        # to the end of the code too, and two reports would be one garbled.
        if posix.getpid() != main_pid:
            return
        if _SBX_CAPTURE is not None:
            _SBX_CAPTURE.append(text)
            return
        with fd3['lock']:
            fd3['reported'] = True
            write3(text)

    def frame(item):
        # One rich result as it is made (README "Streamed results"): an
        # RS-framed line on fd 3 ahead of the report, which still holds
        # them all; a session's kernel sends it on its channel instead.
        if posix.getpid() != main_pid:
            return
        if _SBX_STREAM is not None:
            _SBX_STREAM(item)
            return
        with fd3['lock']:  # two threads' frames never interleave
            if not fd3['reported']:
                write3('\x1e' + item + '\n')

    enc_str = _json.encode_basestring

    def interp_text(e, tb):
        # What python3's own printer (in C, not the traceback module) prints
        # for e, or None.
        import io
        saved = sys.stderr
        try:
            sys.stderr = out = io.StringIO()
            sys.__excepthook__(type(e), e, tb)
        except BaseException:
            return None
        finally:
            sys.stderr = saved
        return out.getvalue()

    def with_suggestion(text, e, tb):
        if isinstance(e, SyntaxError):
            # Its caret line (^ or ^^^^^, a tab kept or not) is the
            # printer's own; the traceback module draws it otherwise.
            return interp_text(e, tb) or text
        if not isinstance(e, (NameError, AttributeError)):
            return text
        out = interp_text(e, tb)
        if out is None:
            return text
        last = out.rstrip('\n').rpartition('\n')[2]
        head, _, mine = text.rstrip('\n').rpartition('\n')
        if last != mine and last.startswith(mine):
            return (head + '\n' if head else '') + last + '\n'
        return text

    def fail(e, status=None):
        if status:
            # Out of memory, and the run ends right after this report: free
            # what the program holds first (its globals, the locals of its
            # finished frames), or importing traceback below dies of a
            # second MemoryError and the report is lost.
            for k in [k for k in g if not k.startswith('__')]:
                del g[k]
            t = e.__traceback__
            while t is not None:
                try:
                    t.tb_frame.clear()
                except RuntimeError:
                    pass  # still running: the prelude's own frame
                t = t.tb_next
        # Imported only now: traceback pulls in `re` (~7 ms). A FILE's lines
        # are in linecache by then (see _SbxAfterImport); -c and stdin have none,
        # as python3 quotes none for them.
        import traceback
        tb = e.__traceback__
        # Drop the prelude's own frames: the user's traceback starts at the
        # first frame of their code (the prelude may share its file name,
        # "<string>", so the code objects tell them apart), and the
        # network hook's frame ("<sbx>") at its end is not the program's.
        while tb is not None and tb.tb_frame.f_code not in (body, expr):
            tb = tb.tb_next
        e.__traceback__ = tb
        line = column = None
        t, prev = tb, None
        while t is not None:
            if t.tb_frame.f_code.co_filename == '<sbx>' and prev is not None:
                prev.tb_next = t.tb_next
            else:
                if t.tb_frame.f_code.co_filename == name:
                    line = t.tb_lineno
                prev = t
            t = t.tb_next
        msg = str(e)
        if isinstance(e, SyntaxError):
            line, column, msg = e.lineno, e.offset, e.msg or msg
        text = ''.join(traceback.format_exception(type(e), e, tb))
        try:
            if sys.excepthook is not sys.__excepthook__:
                sys.excepthook(type(e), e, tb)  # the program's own, as python3 does
            else:
                # python3's own display flushes stdout first, so a buffered
                # stdout comes before the traceback; and its last line has
                # the "Did you mean" suggestion (computed in C, not by the
                # traceback module: with_suggestion takes it from there).
                try:
                    sys.stdout.flush()
                except BaseException:
                    pass
                text = with_suggestion(text, e, tb)
                sys.stderr.write(text)
            sys.stderr.flush()
        except BaseException:
            pass
        err = ('{"name":' + enc_str(type(e).__name__) + ',"message":' + enc_str(msg)
               + ',"line":' + ('null' if line is None else str(int(line)))
               + ',"column":' + ('null' if column is None else str(int(column)))
               + ',"traceback":' + enc_str(text))
        hint = _sbx_hint(e)
        if hint:
            err += ',"hint":' + enc_str(hint)
        st = ',"status":"memory_limit"' if status else ''
        report('{"error":' + err + '}' + st + ('' if status else _sbx_rich_end()) + '}')  # sbx: rich results
        if status:
            posix._exit(1)
        # As python3 ends after an uncaught exception: exit status 1, with
        # atexit handlers run and non-daemon threads joined.
        raise SystemExit(1)

    def seed_linecache(linecache, src):
        linecache.cache[name] = (len(src), None,
                                 src.decode('utf-8', 'replace').splitlines(True), name)

    def compile_code(src):
        tree = compile(src, name, 'exec', _ast.PyCF_ONLY_AST)
        last = None
        if tree.body and type(tree.body[-1]) is _ast.Expr:
            last = tree.body.pop()
        body = compile(tree, name, 'exec')
        expr = compile(_ast.Expression(last.value), name, 'eval') if last else None
        return body, expr

    def compile_file(src):
        # The compiler's SyntaxWarnings quote the line from the file NAME
        # (python3's C code reads it), unless the warnings module shows
        # them, through linecache (see _SbxAfterImport). Importing both costs
        # ~7 ms, so only code that warns pays: it compiles first with
        # SyntaxWarning as an error, and on any SyntaxError again with
        # warnings imported, which also reports a real syntax error as
        # python3 does.
        import _warnings
        flt = ('error', None, SyntaxWarning, None, 0)
        _warnings.filters.insert(0, flt)
        _warnings._filters_mutated()
        try:
            return compile_code(src)
        except SyntaxError:
            pass
        finally:
            _warnings.filters.remove(flt)
            _warnings._filters_mutated()
        import warnings  # noqa: F401 (the compiler's warnings then use linecache)
        return compile_code(src)

    class Ctx:
        # What _json's scanner reads from json.JSONDecoder, without
        # importing json (and re).
        strict = True
        object_hook = object_pairs_hook = parse_constant = None
        parse_float = float
        parse_int = int
        memo = {}

    def copy_of(path, src):
        # The program's copy in the working directory when it holds src
        # (a session's kernel asks too), else path.
        here = cwd + '/' + path.rpartition('/')[2]
        try:
            with open(here, 'rb') as f:
                if f.read(len(src) + 1) == src:
                    return here
        except OSError:
            pass
        return path

    main = type(sys)('__main__')
    main.__builtins__ = builtins
    g = main.__dict__
    g['__spec__'] = g['__package__'] = None
    if is_file:
        g['__file__'] = name
        g['__cached__'] = None
        # As python3's: __main__'s loader serves its source (inspect, and
        # traceback through linecache.lazycache), read from the code's copy.
        import _frozen_importlib_external
        g['__loader__'] = _frozen_importlib_external.SourceFileLoader(
            '__main__', code_path if code_path[:1] == '/' else cwd + '/' + code_path)
    prelude = globals()

    def trim_stack(traceback):
        # traceback.print_stack() and extract_stack() walk to the first
        # frame; python3's first is the code's module. The prelude's (and a
        # session kernel's) frames below it are not shown.
        walk = traceback.walk_stack

        def walk_stack(f):
            for frame, lineno in walk(f):
                if frame.f_globals is prelude:
                    return
                yield frame, lineno
        traceback.walk_stack = walk_stack

    def trim_outer(inspect):
        # inspect.stack() and getouterframes(): the same, for the frames.
        outer = inspect.getouterframes

        def getouterframes(frame, context=1):
            frames = outer(frame, context)
            for i, info in enumerate(frames):
                if info.frame.f_globals is prelude:
                    return frames[:i]
            return frames
        inspect.getouterframes = getouterframes
    for modname, trim in (('traceback', trim_stack), ('inspect', trim_outer)):
        if modname in sys.modules:
            trim(sys.modules[modname])
        else:
            sys.meta_path.insert(0, _SbxAfterImport(modname, trim))
    sys.modules['__main__'] = main
    sys.argv = [argv0] + sys.argv[5:]

    # The gate (fd 4, see SANDBOX_GATE_FD): sbx writes one byte once every
    # sandbox layer is in place. No user code runs before it, nor is it
    # read: everything above depends only on how the interpreter was
    # started, so a warm sandbox (sbx serve's pool) has it done while it
    # waits for its request. EOF or an error instead of the byte means sbx
    # said no. What exists now is frozen: _sbx_exit_now looks only at what
    # the code made.
    if not prelude.get('_SBX_KERNEL'):
        _sbx_freeze()
    try:
        opened = posix.read(4, 1) == b'g'
        posix.close(4)
    except OSError:
        opened = False
    if not opened:
        posix._exit(125)
    # Only now: before the gate nothing is imported from the code's files.
    sys.path.insert(0, cwd)  # -I dropped it; --file modules are importable
    src = None
    body = expr = None
    try:
        with open(code_path, 'rb') as f:
            src = f.read()
        if is_file:
            # __file__ names the program's copy in its working directory
            # (engine_spawn.c, program_copy_in), as python3 gives the path
            # of a script that sits among its files: open(__file__) and
            # paths made from its directory reach the files given with it.
            # The host's path does not exist in the sandbox. Tracebacks keep
            # the name as given. A --file of the program's name wins over
            # the copy; then __file__ stays the name as given.
            g['__file__'] = copy_of(name, src)
            if 'linecache' in sys.modules:  # imported at start-up (a venv's site)
                seed_linecache(sys.modules['linecache'], src)
            else:
                sys.meta_path.insert(0, _SbxAfterImport('linecache',
                                                        lambda m: seed_linecache(m, src)))
        if inputs_path == '-':
            inputs = {}
        else:
            with open(inputs_path, 'rb') as f:
                text = f.read().decode('utf-8')
            # sbx wrote this file with jansson and bounded its depth.
            inputs = _json.make_scanner(Ctx())(text, 0)[0]
        g['inputs'] = inputs
        body, expr = compile_file(src) if is_file else compile_code(src)
    except MemoryError as e:
        fail(e, 'memory_limit')
    except BaseException as e:
        fail(e)
    def flush_io():
        # python3 FILE flushes stdout and stderr when the code ends by an
        # exception, before SystemExit's message is printed; python3 -c
        # does not (a buffered stdout then comes after the message).
        if is_file:
            for f in (sys.stderr, sys.stdout):
                try:
                    f.flush()
                except BaseException:
                    pass

    def cell(src, fname='<string>'):
        # A session's execution: compiled as -e code (or as the FILE fname)
        # is, and the code objects and name fail() finds the user's frames by.
        nonlocal body, expr, name
        body = expr = None
        name = fname
        body, expr = (compile_code if fname[:1] == '<' else compile_file)(src)
        return body, expr

    return body, expr, g, fail, report, _sbx_to_json, flush_io, cell, copy_of, frame


_SBX_EXIT = {}


def _sbx_freeze():
    # What exists now is moved out of the collector's generations (and out
    # of gc.get_objects()); the mark, made just after, is in them until a
    # gc.freeze() of the code's own moves it too. The modules are taken now,
    # before the code can replace them in sys.modules.
    import _thread
    import _weakref
    import atexit
    import gc
    import posix
    gc.freeze()
    _SBX_EXIT.update(mark=[], mods=(_thread, _weakref, atexit, gc, posix))


def _sbx_exit_now():
    # python3 ends a program that finished by finalizing the interpreter:
    # ~2 ms (a third of a warm run) that change nothing the program can
    # show unless something runs then. When nothing the code made can run
    # at the end, the streams are flushed and the process exits at once,
    # with python3's status 0; otherwise python3's own ending, with what
    # _sbx_freeze froze given back to the collector first. What could run:
    # atexit handlers, threads to join, an object with a finalizer
    # (__del__, a generator's finally, an open file's flush, a weakref's
    # callback) whose last reference goes, a C extension's buffered stdio.
    mark = _SBX_EXIT.pop('mark', None)
    if mark is None:
        return
    _thread, _weakref, atexit, gc, posix = _SBX_EXIT.pop('mods')
    quick = False
    try:
        objs = gc.get_objects()  # what came after the freeze
        weak, module = _weakref.ReferenceType, type(sys)
        quick = (not atexit._ncallbacks() and not _thread._count()
                 and ('threading' not in sys.modules
                      or sys.modules['threading'].active_count() <= 1)
                 and any(o is mark for o in objs))
        o = None
        for o in objs if quick else ():
            t = type(o)
            if (hasattr(t, '__del__') or (isinstance(o, weak) and o.__callback__ is not None)
                    or (isinstance(o, type) and hasattr(o, '__del__'))
                    or (t is module and str(o.__dict__.get('__file__')).endswith('.so'))):
                quick = False
                break
        del objs, o  # not kept alive into python3's ending
        if quick:
            sys.stdout.flush()
            sys.stderr.flush()
    except BaseException:
        quick = False  # python3's own ending says what went wrong, with its status
    if not quick:
        gc.unfreeze()
        return
    posix._exit(0)


_SBX_NET = '(sbx: network access is disabled in this sandbox)'


def _sbx_audit(event, args, _busy=[]):
    # Names the wall a network attempt hits. Socket creation fails in the
    # sandbox anyway (EAFNOSUPPORT from seccomp) and name lookups find no
    # resolver: the hook re-raises those same errors with a note, and
    # does nothing for programs that never touch the network.
    if event[:7] != 'socket.' or _busy:
        return
    import _socket
    _busy.append(1)
    try:
        if event == 'socket.__new__':
            fam, typ, proto = args[1], args[2], args[3]
            if fam not in (_socket.AF_INET, _socket.AF_INET6):
                return  # AF_UNIX pairs (asyncio's self-pipe) work
            try:
                _socket.socket(fam, typ if typ not in (None, -1) else _socket.SOCK_STREAM,
                               proto if proto not in (None, -1) else 0).close()
            except OSError as err:
                raise OSError(err.errno, '%s %s' % (err.strerror, _SBX_NET)) from None
        elif event == 'socket.getaddrinfo':
            try:
                _socket.getaddrinfo(*args)
            except _socket.gaierror as err:
                raise _socket.gaierror(err.errno, '%s %s' % (err.strerror, _SBX_NET)) from None
        elif event in ('socket.gethostbyname', 'socket.gethostbyname_ex', 'socket.gethostbyaddr'):
            try:
                getattr(_socket, event[7:])(*args)
            except _socket.gaierror as err:
                raise _socket.gaierror(err.errno, '%s %s' % (err.strerror, _SBX_NET)) from None
            except _socket.herror as err:
                raise _socket.herror(err.errno, '%s %s' % (err.strerror, _SBX_NET)) from None
    finally:
        _busy.pop()


def _sbx_probe(n=0):
    try:
        return _sbx_probe(n + 1)
    except RecursionError:
        return n


def _sbx_depth(extra=0):
    # python3 FILE runs the code in the first frame; here the prelude's
    # frame and exec() come first. Measure what they take and give it back,
    # so the usable recursion depth is python3's, while getrecursionlimit()
    # still shows the limit the program set.
    top = _sbx_probe()
    scope = {'p': _sbx_probe}
    exec('d = p()', scope)
    k = top - scope['d'] + extra  # extra: a kernel's function runs the code
    if k <= 0:
        return
    set_limit, get_limit = sys.setrecursionlimit, sys.getrecursionlimit

    def setrecursionlimit(limit):
        """Set the maximum depth of the Python interpreter stack to n."""
        if type(limit) is not int:
            return set_limit(limit)
        set_limit(limit + k)

    def getrecursionlimit():
        """Return the current value of the recursion limit."""
        return get_limit() - k

    set_limit(get_limit() + k)
    setrecursionlimit.__code__ = setrecursionlimit.__code__.replace(co_filename='<sbx>')
    sys.setrecursionlimit, sys.getrecursionlimit = setrecursionlimit, getrecursionlimit

