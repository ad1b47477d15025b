"""Flags, environment variables and their validation."""
import subprocess

from conftest import BINARY


def run(*arguments, env=None):
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, timeout=10, env=env)


def test_help_lists_every_option_and_the_environment():
    result = run("--help")
    assert result.returncode == 0
    for option in ["--host", "--port", "--threads", "--connection-limit", "--connection-timeout", "--max-body-bytes",
                   "--max-items", "--cache-bytes", "--drain-timeout", "--log-level", "--log-format"]:
        assert option in result.stdout, option
    assert "LAYOUTD_" in result.stdout


def test_invalid_values_are_refused_at_start():
    for arguments in [["--port", "abc"], ["--port", "70000"], ["--connection-limit", "0"], ["--log-format", "xml"],
                      ["--max-items", "0"], ["--host", "not-an-address", "--port", "0"], ["--cache-bytes", "-5"],
                      ["--max-body-bytes", "0"], ["--max-body-bytes", "2000000000"],
                      ["--cors-origins", "https://app.test/"], ["--cors-origins", "app.test"], ["--cors-origins", "*, https://a.test"]]:
        result = run(*arguments)
        assert result.returncode != 0, arguments
        assert result.stderr.strip(), arguments


def test_invalid_environment_values_are_refused_too():
    result = run(env={"LAYOUTD_MAX_BODY_BYTES": "lots", "PATH": "/usr/bin:/bin"})
    assert result.returncode != 0
    assert "--max-body-bytes" in result.stderr
    # A negative number is the variable's value, refused by its own check (not a "missing value").
    result = run(env={"LAYOUTD_THREADS": "-1", "PATH": "/usr/bin:/bin"})
    assert result.returncode != 0
    assert "--threads must be 0 or more" in result.stderr, result.stderr


def test_environment_sets_options_and_flags_win(layoutd):
    server = layoutd(env={"LAYOUTD_MAX_ITEMS": "5"})
    status, _, body = server.request("POST", "/v1/layout", {"bounds": {"width": 100, "height": 100}, "itemCount": 6})
    assert status == 400 and b"limit-exceeded" in body
    overridden = layoutd("--max-items", "10", env={"LAYOUTD_MAX_ITEMS": "5"})
    status, _, _ = overridden.request("POST", "/v1/layout", {"bounds": {"width": 100, "height": 100}, "itemCount": 6})
    assert status == 200
