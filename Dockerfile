# kaflite in a container: a durable single-node Kafka-compatible broker on port 9092.
#   docker build -t kaflite . && docker run -p 9092:9092 -v kaflite-data:/data kaflite
# Clients outside the container must be told a name they can reach: set
# KAFLITE_ADVERTISED_HOST (default localhost, right for a published port on your machine).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
# Only what the package needs (keeps .venv, tests and data out of the image).
COPY pyproject.toml setup.py README.md ./
COPY kaflite ./kaflite
# Bytecode at build time, since PYTHONDONTWRITEBYTECODE=1 means a start never caches any: pip compiles
# kaflite and its dependencies as it installs them (also under that variable); the standard library of
# the base image is compiled here (compileall skips what already is), so no start compiles anything.
# And the compiled build (setup.py): pip builds the wheel with KAFLITE_COMPILE=1 (mypyc, from the build's own
# environment, compiles the leaf modules), with a compiler installed for that step only; the image keeps the
# extensions, not the tools, and a start that does not say `code=compiled` fails the build.
RUN apt-get update -q && apt-get install -y -q --no-install-recommends gcc libc6-dev \
    && KAFLITE_COMPILE=1 pip install . \
    && (cd / && python -c "from kaflite import compiled; s = compiled.status(); print('kaflite:', s); assert s == 'compiled'") \
    && apt-get purge -y -q gcc libc6-dev && apt-get autoremove -y -q && rm -rf /var/lib/apt/lists/* \
    && python -m compileall -q -j 0 -x '/(test|tests|idle_test|lib2to3)/' \
       "$(python -c 'import sysconfig; print(sysconfig.get_path("stdlib"))')" \
    && rm -rf /src \
    && useradd --system --uid 10001 --home-dir /data kaflite \
    && mkdir -p /data \
    && chown kaflite:kaflite /data

USER kaflite
WORKDIR /data
EXPOSE 9092
VOLUME /data

# Healthy = answers a Kafka ApiVersions request (v0, correlation id 1) on its port.
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 \
    CMD python -c "import os,socket,struct; s=socket.create_connection(('127.0.0.1', int(os.environ.get('KAFLITE_PORT') or 9092)), 3); s.sendall(struct.pack('>ihhih', 10, 18, 0, 1, -1)); n, cid = struct.unpack('>ii', s.recv(8)); raise SystemExit(0 if cid == 1 else 1)"

# Shell form for ${...:-default}; exec so kaflite gets SIGTERM directly and drains in-flight requests.
CMD ["sh", "-c", "exec kaflite serve --host 0.0.0.0 --advertised-host \"${KAFLITE_ADVERTISED_HOST:-localhost}\" --data-dir /data"]
