FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
# Dependencies first (the project itself installs no package: pyproject lists only dependencies),
# so code changes do not reinstall them.
COPY pyproject.toml ./
RUN pip install --no-cache-dir .
COPY . .
RUN SECRET_KEY=build-only DEBUG=0 EMAIL_BACKEND=django.core.mail.backends.dummy.EmailBackend \
    python manage.py collectstatic --noinput \
    && useradd --create-home estrade && chown -R estrade /app
USER estrade
EXPOSE 8000
CMD ["gunicorn", "config.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
