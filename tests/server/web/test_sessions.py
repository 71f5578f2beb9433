"""Browser sessions: a cookie set at sign-in, accepted by the API, and a CSRF token
required on every state-changing request made with it (issue 14)."""

from __future__ import annotations

import re

import pytest

from tests.server.conftest import PASSWORD
from tests.server.web.conftest import form_csrf, sign_up
from warjudge.server import auth


def test_sign_up_sets_an_httponly_secure_lax_cookie(browser):
    response = browser.post("/signup", data={"name": "ann", "password": PASSWORD, "csrf_token": form_csrf(browser)})
    [cookie] = [c for c in response.headers.get_list("set-cookie") if c.startswith(f"{auth.SESSION_COOKIE}=")]
    for flag in ("HttpOnly", "Secure", "SameSite=lax", "Path=/"):
        assert flag.lower() in cookie.lower(), cookie


def test_the_api_accepts_the_cookie_with_its_csrf_token(browser):
    csrf = sign_up(browser)
    created = browser.post("/api/games", json={"game": "toy-bids"}, headers={auth.CSRF_HEADER: csrf})
    assert created.status_code == 201, created.text
    listed = browser.get("/api/games").json()     # a GET needs no CSRF token
    assert [g["you"]["gm"] for g in listed] == [True]


@pytest.mark.parametrize("header", [None, "0" * 64, ""])
def test_a_cookie_request_without_the_right_csrf_token_is_refused_and_changes_nothing(browser, header):
    sign_up(browser)
    headers = {auth.CSRF_HEADER: header} if header is not None else {}
    refused = browser.post("/api/games", json={"game": "toy-bids"}, headers=headers)
    assert refused.status_code == 403 and "CSRF" in refused.json()["error"]
    assert browser.get("/api/games").json() == []


def test_a_bearer_request_needs_no_csrf_token(browser):
    sign_up(browser)
    token = browser.post("/api/tokens", json={"name": "ann", "password": PASSWORD}).json()["token"]
    browser.cookies.clear()
    created = browser.post("/api/games", json={"game": "toy-bids"}, headers={"Authorization": f"Bearer {token}"})
    assert created.status_code == 201


def test_signing_out_needs_the_token_and_ends_the_session(browser):
    csrf = sign_up(browser)
    assert browser.post("/signout", data={}).status_code == 403            # a forged sign-out
    assert browser.get("/lobby").status_code == 200                         # still signed in
    cookie = browser.cookies[auth.SESSION_COOKIE]
    response = browser.post("/signout", data={auth.CSRF_FIELD: csrf})
    assert response.status_code == 303 and response.headers["location"] == "/signin"
    assert browser.get("/lobby").headers["location"] == "/signin"
    browser.cookies.set(auth.SESSION_COOKIE, cookie)                       # the old cookie replayed
    again = browser.post("/api/games", json={"game": "toy-bids"}, headers={auth.CSRF_HEADER: csrf})
    assert again.status_code == 401


def test_a_wrong_password_is_said_on_the_page_and_sets_no_cookie(browser):
    sign_up(browser)
    browser.cookies.clear()
    csrf = form_csrf(browser)
    response = browser.post("/signin", data={"name": "ann", "password": "not the password", "csrf_token": csrf})
    assert response.status_code == 401 and "wrong name or password" in response.text
    assert not [c for c in response.headers.get_list("set-cookie") if c.startswith(f"{auth.SESSION_COOKIE}=")]
    assert browser.post("/signin", data={"name": "ann", "password": PASSWORD, "csrf_token": csrf}).status_code == 303


def test_a_bad_sign_up_is_named_and_creates_nobody(browser):
    response = browser.post("/signup", data={"name": "no spaces", "password": "short", "csrf_token": form_csrf(browser)})
    assert response.status_code == 422 and "name" in response.text and "password" in response.text
    assert browser.post("/api/tokens", json={"name": "no spaces", "password": "short"}).status_code == 422
    sign_up(browser, "bob")
    browser.cookies.clear()
    taken = browser.post("/signup", data={"name": "bob", "password": PASSWORD, "csrf_token": form_csrf(browser)})
    assert taken.status_code == 409 and "taken" in taken.text


def test_the_lobby_sends_a_stranger_to_sign_in(browser):
    assert browser.get("/lobby").headers["location"] == "/signin"
    assert browser.get("/").headers["location"] == "/lobby"


@pytest.mark.parametrize("form", ["/signin", "/signup"])
def test_a_form_posted_from_another_site_signs_nobody_in(browser, other_browser, form):
    # issue 22 finding 8 (login CSRF): another site's page auto-posting the attacker's name and
    # password would have signed the victim's browser into the attacker's account
    sign_up(other_browser, "mallory")
    form_csrf(browser)      # the victim once opened the sign-in page: their pre-session cookie is set
    for fields in ({}, {auth.CSRF_FIELD: ""}, {auth.CSRF_FIELD: "0" * 64}, {auth.CSRF_FIELD: form_csrf(other_browser)}):
        forged = browser.post(form, data={"name": "mallory", "password": PASSWORD} | fields,
                              headers={"Origin": "https://evil.example"})
        assert forged.status_code == 403 and "another site" in forged.text
        assert auth.SESSION_COOKIE not in browser.cookies
    browser.cookies.clear()   # a browser that never saw the page, or whose cookie the other site cannot send
    forged = browser.post(form, data={"name": "mallory", "password": PASSWORD})
    assert forged.status_code == 403 and auth.SESSION_COOKIE not in browser.cookies
    assert browser.get("/lobby").headers["location"] == "/signin"


def test_a_form_page_reloaded_at_its_post_address_is_a_page_not_a_405(browser):
    # a sign-up refused (say, a short password) leaves the browser at /signup: reloading it
    # or following a bookmark asks GET there, which once answered "Method Not Allowed"
    page = browser.get("/signup")
    assert page.status_code == 200 and 'action="/signup"' in page.text
    sign_up(browser)
    for path in ("/account/password", "/account/mail"):
        again = browser.get(path, follow_redirects=False)
        assert (again.status_code, again.headers["location"]) == (303, "/account")


def test_the_pre_session_cookie_is_httponly_lax_and_gone_after_sign_in(browser):
    page = browser.get("/signin")
    [cookie] = page.headers.get_list("set-cookie")
    assert cookie.startswith(f"{auth.PRE_SESSION_COOKIE}=")
    for flag in ("HttpOnly", "Secure", "SameSite=lax", "Path=/"):
        assert flag.lower() in cookie.lower(), cookie
    assert browser.cookies[auth.PRE_SESSION_COOKIE] not in page.text      # the page holds a derived token
    sign_up(browser)
    assert auth.PRE_SESSION_COOKIE not in browser.cookies


def _account(browser) -> str:
    page = browser.get("/account")
    assert page.status_code == 200
    return page.text


def test_the_account_page_lists_sessions_and_changes_the_password(browser, other_browser):
    csrf = sign_up(browser)
    other_browser.post("/signin", data={"name": "ann", "password": PASSWORD, "csrf_token": form_csrf(other_browser)})
    page = _account(browser)
    assert page.count("data-token=") == 2 and "(this one)" in page
    assert browser.cookies[auth.SESSION_COOKIE] not in page
    forged = browser.post("/account/password", data={"old_password": PASSWORD, "new_password": "a new password"})
    assert forged.status_code == 403
    wrong = browser.post("/account/password", data={"old_password": "not it at all", "new_password": "a new password",
                                                     auth.CSRF_FIELD: csrf})
    assert wrong.status_code == 403 and "old password is wrong" in wrong.text
    changed = browser.post("/account/password", data={"old_password": PASSWORD, "new_password": "a new password",
                                                      auth.CSRF_FIELD: csrf})
    assert changed.headers["location"] == "/account?done=password-1"
    done = browser.get(changed.headers["location"]).text
    assert "1 other session(s)" in done and done.count("data-token=") == 1
    assert other_browser.get("/lobby").headers["location"] == "/signin"    # the other session is over


def test_the_account_page_signs_out_one_session_or_every_one(browser, other_browser):
    csrf = sign_up(browser)
    other_browser.post("/signin", data={"name": "ann", "password": PASSWORD, "csrf_token": form_csrf(other_browser)})
    other_id = re.findall(r'data-token="(\d+)"', _account(other_browser))[0]
    revoked = browser.post(f"/account/tokens/{other_id}/revoke", data={auth.CSRF_FIELD: csrf})
    assert revoked.status_code == 303 and other_browser.get("/lobby").status_code == 303
    other_browser.post("/signin", data={"name": "ann", "password": PASSWORD, "csrf_token": form_csrf(other_browser)})
    assert browser.post("/account/signout-everywhere", data={}).status_code == 403
    everywhere = browser.post("/account/signout-everywhere", data={auth.CSRF_FIELD: csrf})
    assert everywhere.headers["location"] == "/signin"
    assert browser.get("/lobby").status_code == 303 and other_browser.get("/lobby").status_code == 303
