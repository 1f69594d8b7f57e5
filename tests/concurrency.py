"""Helpers for race tests on PostgreSQL: real threads, each with its own database connection."""
import threading

from django.db import connections


def run_together(*calls):
    """Run the calls in threads released at the same instant; return each one's result or exception."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def runner(index, call):
        try:
            barrier.wait()
            results[index] = call()
        except Exception as error:  # noqa: BLE001 - the test inspects it
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=runner, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def in_club(club, call):
    """`call` as a page or a task of `club` runs it, inside the club: a thread starts outside any club
    (the deadline sweep, which spans clubs, is left so)."""
    from clubs.scoping import activate_club

    def served():
        with activate_club(club):
            return call()

    return served
