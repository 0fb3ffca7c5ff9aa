"""Schemathesis hooks for the reference server (scripts/schemathesis/run.sh loads them via SCHEMATHESIS_HOOKS).

PIPELINE_API_URL      the server under test
PIPELINE_API_KEY      its API key
PIPELINE_API_MODE     `http-error-codes`: every request carries `_http_error_codes=1`, so the built-in checks
                      read real HTTP statuses; `envelope`: the default always-200 mode, where the checks below
                      read `error.code` from the body instead of the HTTP status.
PIPELINE_API_OWNER_EMAIL, PIPELINE_API_OWNER_PASSWORD: the owner the run logs in as (default admin@admin.com / admin)
PIPELINE_API_ACCEPTED_LOG: optional, a file where each failure the baseline accepts is logged, one JSON line each
"""

import base64
import copy
import json
import os
import re
import urllib.request
import uuid
from pathlib import Path

import schemathesis
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi import checks as openapi_checks

BASE_URL = os.environ["PIPELINE_API_URL"]
API_KEY = os.environ["PIPELINE_API_KEY"]
MODE = os.environ.get("PIPELINE_API_MODE", "http-error-codes")
# Logging out expires the token the call carries: these get a token of their own, never the run's.
LOGOUT_OPERATIONS = ["sessions.logout", "sessions.delete"]


def call(method: str, path: str, body: dict, token: str | None = None) -> dict:
    headers = {"X-API-KEY": API_KEY, "Content-Type": "application/json"}
    if token:
        headers["OAUTH-TOKEN"] = token
    request = urllib.request.Request(f"{BASE_URL}{path}", data=json.dumps(body).encode(), headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def decoded(raw_token: str) -> str:
    """The decoded token: the `token` claim of the JWT a login returns."""
    payload = raw_token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))["token"]


def login(credentials: dict) -> tuple[str, str]:
    """A decoded token and the user id, for these credentials."""
    session = call("POST", "/api/sessions", {"session": credentials})
    if "session" not in session:
        raise RuntimeError(f"login failed: {session}")
    return decoded(session["session"]["token"]), str(session["session"]["user"]["id"])


# The run's identity: the owner, logged in once when Schemathesis loads these hooks.
TOKEN, OWNER_ID = login({
    "email": os.environ.get("PIPELINE_API_OWNER_EMAIL", "admin@admin.com"),
    "password": os.environ.get("PIPELINE_API_OWNER_PASSWORD", "admin"),
})


def throwaway_token() -> str:
    """A new viewer's token: the fuzzer may rename or re-password any account, so each logout gets its own."""
    email = f"logout-{uuid.uuid4().hex}@example.com"
    password = uuid.uuid4().hex
    user = {"email": email, "password": password, "password_confirmation": password, "roles_new": [4]}
    created = call("POST", "/api/users", {"user": user}, TOKEN)
    if "user" not in created:
        raise RuntimeError(f"could not create a user for a logout call: {created}")
    return login({"email": email, "password": password})[0]


def set_token(case, token: str) -> None:
    case.headers = {**(case.headers or {}), "OAUTH-TOKEN": token}


@schemathesis.auth().skip_for(operation_id=LOGOUT_OPERATIONS)
class OwnerToken:
    """The run's token: the owner's."""

    def get(self, case, ctx):
        return TOKEN

    def set(self, case, data, ctx):
        set_token(case, data)


@schemathesis.auth(refresh_interval=None).apply_to(operation_id=LOGOUT_OPERATIONS)
class LogoutToken:
    """A fresh token for every logout call: the logout ends it, and nothing else uses it."""

    def get(self, case, ctx):
        return throwaway_token()

    def set(self, case, data, ctx):
        set_token(case, data)


@schemathesis.hook
def filter_case(context, case):
    """The run's own account stays: deleting it (or taking its role, once the fuzzer made another owner) would end
    the run's token, and every later answer would be a 401."""
    operation = case.operation.definition.raw.get("operationId")
    if operation not in ("users.delete", "users.update") or str((case.path_parameters or {}).get("id")) != OWNER_ID:
        return True
    if operation == "users.delete":
        return False
    user = case.body.get("user") if isinstance(case.body, dict) else None
    return not (isinstance(user, dict) and ("roles" in user or "roles_new" in user))


@schemathesis.hook
def before_call(context, case, kwargs):
    query = dict(case.query or {})
    if MODE == "http-error-codes":
        query["_http_error_codes"] = "1"
    else:
        # The default mode: every answer is HTTP 200, the envelope's `error.code` says what happened.
        query.pop("_http_error_codes", None)
    case.query = query


def envelope_status(response):
    """A view of the response whose status is the envelope's `error.code` (200 when there is no error)."""
    try:
        body = json.loads(response.content)
    except ValueError:
        return response
    error = body.get("error") if isinstance(body, dict) else None
    code = error.get("code") if isinstance(error, dict) else None
    if not isinstance(code, int) or response.status_code != 200:
        return response
    view = copy.copy(response)
    view.status_code = code
    return view


BASELINE = json.loads(Path(__file__).with_name("baseline.json").read_text(encoding="utf-8"))["kinds"]
# Each dropped failure's kind goes here, one JSON line each: the test prints which kinds the run used.
ACCEPTED_LOG = os.environ.get("PIPELINE_API_ACCEPTED_LOG")


def accepted_kind(failure, response):
    """The baseline kind this failure is, or None."""
    try:
        body = json.loads(response.content)
    except ValueError:
        return None
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(error, dict):
        return None
    for kind in BASELINE:
        if (
            failure.code == kind["failure"]
            and error.get("code") == kind["code"]
            and response.status_code in (200, kind["code"])
            and error.get("type") == kind["type"]
            and re.search(kind["message"], str(error.get("message", "")))
        ):
            return kind
    return None


@schemathesis.hook
def filter_failure(context, failure, case, response):
    kind = accepted_kind(failure, response)
    if kind is None:
        return True
    if ACCEPTED_LOG:
        with open(ACCEPTED_LOG, "a", encoding="utf-8") as log:
            log.write(json.dumps({"kind": kind["id"], "operation": failure.operation, "mode": MODE}) + "\n")
    return False


# The checks that judge an answer by its HTTP status, judged by the envelope's `error.code` in the always-200 mode.
# (ignored_auth sends probes of its own, whose answers no check sees: it is judged in the http-error-codes run.)
BY_STATUS = {
    "not_a_server_error": not_a_server_error,
    "negative_data_rejection": openapi_checks.negative_data_rejection,
    "positive_data_acceptance": openapi_checks.positive_data_acceptance,
    "status_code_conformance": openapi_checks.status_code_conformance,
    "missing_required_header": openapi_checks.missing_required_header,
    "unsupported_method": openapi_checks.unsupported_method,
    "use_after_free": openapi_checks.use_after_free,
    "ensure_resource_availability": openapi_checks.ensure_resource_availability,
}


def by_envelope(name, check):
    def envelope_check(ctx, response, case):
        return check(ctx, envelope_status(response), case)

    envelope_check.__name__ = f"envelope_{name}"
    envelope_check.__doc__ = f"{name}, judged by the envelope's `error.code` instead of the HTTP status."
    return envelope_check


if MODE == "envelope":
    for name, check in BY_STATUS.items():
        schemathesis.check(by_envelope(name, check))
