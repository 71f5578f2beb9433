"""A throwaway PostgreSQL server for the tests: a new cluster in a temporary folder,
listening only on a Unix socket there, trusted for local connections, stopped at the end.
Debian's `postgresql` package provides the programs (`make test` installs it if missing);
as root the server runs as the `postgres` user, since PostgreSQL refuses to run as root."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

PORT = 5432   # only names the socket file: the server listens on no TCP port


def binaries() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
    return Path(versions[-1]).parent if versions else None


def restart(url: str, mode: str = "fast") -> None:
    """Restart the server `cluster()` started at `url` (`fast`: its connections are cut)."""
    folder = Path(url.split("host=", 1)[1].split("&", 1)[0])
    subprocess.run(_as_owner([str(binaries() / "pg_ctl"), "-D", str(folder / "data"), "-m", mode, "-w", "restart"]),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _as_owner(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@contextmanager
def cluster() -> Iterator[str]:
    """Yields a SQLAlchemy URL (psycopg 3) of the new server's `postgres` database."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="warjudge-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    data = folder / "data"
    run = lambda *args: subprocess.run(_as_owner([str(bin_dir / args[0]), *args[1:]]), check=True,  # noqa: E731
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        run("initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        run("pg_ctl", "-D", str(data), "-l", str(folder / "log"), "-w", "start",
            "-o", f"-k {folder} -p {PORT} -c listen_addresses='' -c fsync=off -c max_connections=200")
        try:
            yield f"postgresql+psycopg://postgres@/postgres?host={folder}&port={PORT}"
        finally:
            run("pg_ctl", "-D", str(data), "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
