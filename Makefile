# Estrade — the two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint install browser clean mutation fake-forum

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# One machine, SQLite, no Redis: migrate, load the demo data (idempotent), then the deadline
# scheduler (sweep + reminders every minute, in-process) next to the web server on 127.0.0.1:8000.
# The printed links (invitations) use the address the server listens on: one host, one cookie.
RUN_HOST := 127.0.0.1:8000
run: $(STAMP)
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 SITE_URL=http://$(RUN_HOST) $(PY) manage.py demo
	DEBUG=1 SITE_URL=http://$(RUN_HOST) $(PY) manage.py run_scheduler & scheduler=$$!; \
	trap 'kill $$scheduler 2>/dev/null' EXIT INT TERM; \
	DEBUG=1 SITE_URL=http://$(RUN_HOST) $(PY) manage.py runserver $(RUN_HOST)

# A fake Forumactif on 127.0.0.1:8100 (tests/forum/fake_forumactif.py), to open and verify a club by hand
# beside `make run`: paste the club's line on its /admin/js page, then open its home page.
fake-forum: $(STAMP)
	$(PY) -m tests.forum.fake_forumactif --port 8100

# The whole test suite (SQLite by default; PostgreSQL when DATABASE_URL is set).
test: $(STAMP)
	$(PY) -m pytest -n 2 --dist loadfile

# Mutation testing (README "Mutation testing"): the engine against tests/engine, then the services;
# fails when a score falls below tests/mutation-baseline.json. MUTATION_CHILDREN=1 on a busy machine.
mutation: $(STAMP)
	$(PY) .ci/mutation.py engine services

lint: $(STAMP)
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) db.sqlite3 .secret_key staticfiles
