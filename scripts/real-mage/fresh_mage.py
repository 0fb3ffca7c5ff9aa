"""Puts the running Mage back to the state `mage start` left it in, for `npm run test:real-mage -- --repeat N`.

The suite expects a fresh Mage (the differential compares ids with a fresh reference server), and a repeat runs it
again against the same Mage process. `snapshot` runs once, right after Mage answers: it notes, per table, the rows
Mage started with, and copies the project folder. `restore` runs before each further repeat:

1. through Mage's API (so its own pipeline caches follow), cancels the runs still going and deletes every pipeline
   the fresh project did not have;
2. waits until Mage's job queue has nothing left of those runs: no block run `queued` or `running`, no generic
   job (the cancellations' callbacks) waiting, bounded like every wait of the suite (three scheduler ticks,
   conformance/real-mage/mage-timing.ts);
3. deletes, in Mage's SQLite database, every row added since the snapshot: SQLite (no AUTOINCREMENT here) then
   gives the next row the id after the highest left, so ids start where a fresh Mage's do;
4. puts the project folder back as it was (block files, pipeline folders) and removes the run outputs.

Usage: fresh_mage.py snapshot|restore WORK URL
"""

import json
import os
import shutil
import sqlite3
import sys
import time
import urllib.request

API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2'
OWNER = {'email': 'admin@admin.com', 'password': 'admin'}
SCHEDULER_TICK_S = 10
STALL_S = 3 * SCHEDULER_TICK_S
POLL_S = 0.5


def paths(work):
    return {
        'db': os.path.join(work, 'data', 'project', 'mage-ai.db'),
        'project': os.path.join(work, 'project'),
        'fresh_project': os.path.join(work, 'fresh', 'project'),
        'outputs': os.path.join(work, 'data', 'project', 'pipelines'),
        'fresh': os.path.join(work, 'fresh', 'fresh.json'),
    }


def connect(db):
    connection = sqlite3.connect(db, timeout=30)
    connection.row_factory = sqlite3.Row
    return connection


def tables(connection):
    rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    return [row['name'] for row in rows]


def has_id(connection, table):
    return any(column['name'] == 'id' for column in connection.execute(f'PRAGMA table_info("{table}")'))


class Mage:
    def __init__(self, url):
        self.url = url.rstrip('/')
        answer = self.call('POST', '/api/sessions', {'session': OWNER}, token=False)
        self.token = json.loads(
            __import__('base64').urlsafe_b64decode(answer['session']['token'].split('.')[1] + '==').decode()
        )['token']

    def call(self, method, path, body=None, token=True):
        headers = {'Content-Type': 'application/json', 'X-API-KEY': API_KEY}
        if token:
            headers['OAUTH-TOKEN'] = self.token
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(request, timeout=60) as response:
            answer = json.loads(response.read() or b'{}')
        if isinstance(answer, dict) and answer.get('error'):
            raise RuntimeError(f'{method} {path}: {json.dumps(answer["error"])[:400]}')
        return answer

    def pipelines(self):
        return sorted(p['uuid'] for p in self.call('GET', '/api/pipelines')['pipelines'])


def snapshot(work, url):
    p = paths(work)
    with connect(p['db']) as connection:
        rows = {}
        for table in tables(connection):
            if has_id(connection, table):
                rows[table] = {'max_id': connection.execute(f'SELECT COALESCE(MAX(id), 0) FROM "{table}"').fetchone()[0]}
            else:
                rows[table] = {'count': connection.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0]}
    shutil.copytree(p['project'], p['fresh_project'], symlinks=True)
    fresh = {'rows': rows, 'pipelines': Mage(url).pipelines(), 'outputs': sorted(os.listdir(p['outputs'])) if os.path.isdir(p['outputs']) else []}
    with open(p['fresh'], 'w') as file:
        json.dump(fresh, file, indent=1)
    print(f"fresh_mage: snapshot of a fresh Mage: pipelines {fresh['pipelines']}")


def busy(connection):
    """What Mage is still doing: block runs queued or running in a run it still schedules, generic jobs (the
    cancellations' callbacks) not done. A block run left `running` in a finished run, or in one whose pipeline was
    deleted, is no longer Mage's: its scheduler only looks at runs that are going. (SQLAlchemy keeps an enum's name,
    `QUEUED`.)"""
    left = [f"block run {row['id']} {row['status']}" for row in connection.execute(
        "SELECT b.id, b.status FROM block_run b JOIN pipeline_run r ON r.id = b.pipeline_run_id"
        " WHERE UPPER(b.status) IN ('QUEUED', 'RUNNING') AND UPPER(r.status) IN ('INITIAL', 'RUNNING')")]
    if 'generic_job' in tables(connection):
        left += [f"generic job {row['id']} {row['status']}" for row in connection.execute(
            "SELECT id, status FROM generic_job WHERE UPPER(status) IN ('INITIAL', 'QUEUED', 'RUNNING')")]
    return left


def sync_tree(fresh, target):
    """Makes `target` hold what `fresh` holds, in place (Mage keeps its project folder open)."""
    for name in os.listdir(target):
        path = os.path.join(target, name)
        if not os.path.lexists(os.path.join(fresh, name)):
            shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.remove(path)
    for name in os.listdir(fresh):
        source, path = os.path.join(fresh, name), os.path.join(target, name)
        if os.path.isdir(source) and not os.path.islink(source):
            os.makedirs(path, exist_ok=True)
            sync_tree(source, path)
        elif not os.path.exists(path) or open(source, 'rb').read() != open(path, 'rb').read():
            shutil.copy2(source, path)


def restore(work, url):
    p = paths(work)
    with open(p['fresh']) as file:
        fresh = json.load(file)
    mage = Mage(url)
    for status in ('initial', 'running'):
        for run in mage.call('GET', f'/api/pipeline_runs?status={status}&_limit=1000').get('pipeline_runs', []):
            try:
                mage.call('PUT', f"/api/pipeline_runs/{run['id']}", {'pipeline_run': {'status': 'cancelled'}})
            except RuntimeError as error:  # its pipeline is gone: Mage schedules it no more, its rows go below
                print(f'fresh_mage: run {run["id"]} left as it is: {error}')
    for uuid in mage.pipelines():
        if uuid not in fresh['pipelines']:
            mage.call('DELETE', f'/api/pipelines/{uuid}')

    state, changed = None, time.monotonic()
    while True:
        with connect(p['db']) as connection:
            left = busy(connection)
        if not left:
            break
        if left != state:
            state, changed = left, time.monotonic()
        elif time.monotonic() - changed > STALL_S:
            raise RuntimeError(f'Mage left these going for {STALL_S} s: {left}')
        time.sleep(POLL_S)

    with connect(p['db']) as connection:
        for table, was in fresh['rows'].items():
            if 'max_id' in was:
                connection.execute(f'DELETE FROM "{table}" WHERE id > ?', (was['max_id'],))
            elif was['count'] == 0:
                connection.execute(f'DELETE FROM "{table}"')
        connection.commit()

    sync_tree(p['fresh_project'], p['project'])
    if os.path.isdir(p['outputs']):
        for name in os.listdir(p['outputs']):
            if name not in fresh['outputs']:
                shutil.rmtree(os.path.join(p['outputs'], name))

    mage = Mage(url)  # its session went with the rows added since the snapshot
    left = mage.pipelines()
    if left != fresh['pipelines']:
        raise RuntimeError(f'pipelines after the restore: {left}, a fresh Mage has {fresh["pipelines"]}')
    triggers = mage.call('GET', '/api/pipeline_schedules').get('pipeline_schedules', [])
    if triggers:
        raise RuntimeError(f'triggers left after the restore: {[t["id"] for t in triggers]}')
    print('fresh_mage: Mage is back to its fresh state (pipelines, triggers, runs, ids, project files)')


if __name__ == '__main__':
    if len(sys.argv) != 4 or sys.argv[1] not in ('snapshot', 'restore'):
        sys.exit(__doc__)
    {'snapshot': snapshot, 'restore': restore}[sys.argv[1]](sys.argv[2], sys.argv[3])
