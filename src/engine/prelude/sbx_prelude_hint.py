# sbx prelude for Python, part 4 of 4, compiled on first use with part 3
# (see _sbx_lazy in sbx_prelude_main.py): the hint of an error's report.


# Known homes of modules that are not in the standard library: a missing
# one names its Debian package (as `sbx prepare` does).
_SBX_DEBIAN = {
    'numpy': 'python3-numpy', 'pandas': 'python3-pandas', 'matplotlib': 'python3-matplotlib',
    'scipy': 'python3-scipy', 'sklearn': 'python3-sklearn', 'requests': 'python3-requests',
    'yaml': 'python3-yaml', 'bs4': 'python3-bs4', 'PIL': 'python3-pil', 'lxml': 'python3-lxml',
    'sympy': 'python3-sympy', 'networkx': 'python3-networkx', 'seaborn': 'python3-seaborn',
    'statsmodels': 'python3-statsmodels', 'dateutil': 'python3-dateutil', 'pytz': 'python3-tz',
    'tabulate': 'python3-tabulate', 'tqdm': 'python3-tqdm', 'attr': 'python3-attr',
    'cv2': 'python3-opencv', 'skimage': 'python3-skimage', 'h5py': 'python3-h5py',
    'openpyxl': 'python3-openpyxl', 'toml': 'python3-toml', 'jinja2': 'python3-jinja2',
    'simplejson': 'python3-simplejson', 'regex': 'python3-regex', 'numba': 'python3-numba',
    'xlrd': 'python3-xlrd', 'nltk': 'python3-nltk', 'pytest': 'python3-pytest',
}


def _sbx_hint(e):
    # A line for sbx's own message and the record: what the sandbox did,
    # or how to get a missing module. The traceback stays python3's.
    if isinstance(e, ModuleNotFoundError) and e.name:
        top = e.name.split('.')[0]
        pkg = _SBX_DEBIAN.get(top)
        if pkg:
            return ('%s is in the Debian package %s: install it (apt-get install %s), or set '
                    'python: command to a virtualenv\'s python in the config file'
                    % (top, pkg, pkg))
        return ('no module named %s on the interpreter\'s path: install it for the system '
                'python3, or set python: command to a virtualenv\'s python in the config file'
                % top)
    if isinstance(e, OSError) and _SBX_NET in str(e):
        return 'network access is disabled in this sandbox'
    return None
