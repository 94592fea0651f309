# kraftwagen-lab: `make lab` opens the tutorial, `make test` runs every check.
# Everything runs from .venv, which is (re)installed whenever pyproject.toml changes.

PYTHON ?= python3
VENV ?= .venv
PORT ?= 8888
BIN := $(VENV)/bin

# The landing page, which lists the notebooks in order. The printed URL opens it (default_url);
# the server root is the repository.
NOTEBOOK ?= notebooks/00_start.ipynb
# As root, jupyter refuses to start without --allow-root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)
# Lint only the folders that exist (git keeps no empty folders, so a fresh clone may lack some).
LINT_PATHS := $(wildcard gamecore kwcore formel1 automobiles solvers kwwidgets tests benchmarks notebooks workshop)
TYPED_PATHS := $(wildcard gamecore kwcore formel1 automobiles solvers kwwidgets)
# The real-browser test drives Debian's Chromium (no browser download is possible here).
CHROMIUM ?= /usr/bin/chromium
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

export PIP_DISABLE_PIP_VERSION_CHECK := 1
export PIP_ROOT_USER_ACTION := ignore

.PHONY: venv git-filter browser lab workshop test bench clean distclean

venv: $(VENV)/.installed git-filter

$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[dev,openspiel,cluster,workshop]'
	touch $@

# Notebooks are committed without outputs: .gitattributes sends every *.ipynb through the git
# filter nbstripout, set up here in the clone's own git config (outside a git clone: nothing).
# A notebook run and saved in JupyterLab then leaves nothing to commit (`git status` may list it
# until `git add`, which stages nothing). --keep-id keeps JupyterLab's cell ids; the extra keys
# are what a kernel writes into a notebook's metadata.
# tests/project/test_nbstripout.py runs this target in a scratch repository.
NB_KERNEL_KEYS := $(foreach k,codemirror_mode file_extension mimetype nbconvert_exporter \
	pygments_lexer version,metadata.language_info.$(k))
NBSTRIPOUT := "$(abspath $(BIN))/python" -m nbstripout --keep-id --extra-keys "$(NB_KERNEL_KEYS)"
git-filter:
	@if git rev-parse --git-dir >/dev/null 2>&1; then \
		git config filter.nbstripout.clean '$(NBSTRIPOUT)' && \
		git config filter.nbstripout.smudge cat && \
		git config filter.nbstripout.required true && \
		git config diff.ipynb.textconv '$(NBSTRIPOUT) -t'; fi

# `apt-get update` first: without it the candidate is an old Chromium (shared/TOOLCHAIN.md).
browser:
	@test -x $(CHROMIUM) || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }
	@test -x $(CHROMIUM) || { echo "make: $(CHROMIUM) is missing after apt-get" >&2; exit 1; }

# No Jupyter news: nothing is fetched (news_url=None), and the "Would you like to get notified
# about official Jupyter news?" question never covers the page. The question follows the
# notification setting fetchNews, whose default the overrides file in LAB_SETTINGS sets to
# "false" (the user's own settings still win). tests/project/test_browser.py starts JupyterLab the same way.
LAB_SETTINGS := $(VENV)/lab-settings
NO_NEWS := {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": false}}
lab: venv
	@test -f $(NOTEBOOK) || { echo "make lab: $(NOTEBOOK) does not exist" >&2; exit 1; }
	@mkdir -p $(LAB_SETTINGS) && echo '$(NO_NEWS)' > $(LAB_SETTINGS)/overrides.json
	$(BIN)/jupyter lab --no-browser --ip=127.0.0.1 --port=$(PORT) $(ROOT_FLAG) \
		--LabApp.default_url=/lab/tree/$(NOTEBOOK) \
		--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate \
		--LabApp.extension_manager=readonly \
		--LabApp.news_url=None --LabApp.app_settings_dir=$(abspath $(LAB_SETTINGS))

# A class on one machine (workshop/jupyterhub_config.py): every participant signs in with a name
# and the access code and gets their own notebooks and kernels. Settings: ADDRESS (the room's LAN
# address for a class), PORT (default 8000 here), SEATS, CODE (default: a new random one), IDLE
# (seconds before an idle server stops). JupyterHub's proxy is an npm package, installed from
# workshop/package-lock.json.
ADDRESS ?= 127.0.0.1
WORKSHOP_PORT := $(if $(filter command line environment,$(origin PORT)),$(PORT),8000)
SEATS ?= 30
IDLE ?= 3600
CODE ?= $(shell $(PYTHON) -c 'import secrets; print(secrets.token_hex(3))')
CODE := $(CODE)
workshop: venv workshop/node_modules/.installed
	@echo "Hand out this link: http://$(ADDRESS):$(WORKSHOP_PORT)/ - sign in with any name and the access code $(CODE) ($(SEATS) seats)"
	cd workshop && WORKSHOP_IP=$(ADDRESS) WORKSHOP_PORT=$(WORKSHOP_PORT) WORKSHOP_SEATS=$(SEATS) \
		WORKSHOP_CODE=$(CODE) WORKSHOP_IDLE=$(IDLE) $(abspath $(BIN))/jupyterhub -f jupyterhub_config.py

workshop/node_modules/.installed: workshop/package-lock.json
	cd workshop && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# pytest's exit code is passed through: 5 ("no tests collected") fails the target.
test: venv browser
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/mypy $(TYPED_PATHS)
	$(BIN)/pytest --nbval-lax -n 2 --dist loadscope

# The quick benchmarks; bench_solvers.py (plain exhaustive search) and ladder.py take longer.
bench: venv
	$(BIN)/python benchmarks/bench_engine.py
	$(BIN)/python benchmarks/bench_widgets.py

# clean keeps .venv (a reinstall takes minutes); distclean removes it too.
clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis .benchmarks test-artifacts \
		workshop/run workshop/node_modules
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
		-type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
	-git config --remove-section filter.nbstripout 2>/dev/null
	-git config --remove-section diff.ipynb 2>/dev/null
