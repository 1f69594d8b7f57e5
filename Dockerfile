FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml ./
RUN pip install --no-cache-dir pip --upgrade
COPY . .
RUN pip install --no-cache-dir -e . \
    && SECRET_KEY=build-only DEBUG=0 python manage.py collectstatic --noinput
RUN useradd --create-home estrade && chown -R estrade /app
USER estrade
EXPOSE 8000
CMD ["gunicorn", "config.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
