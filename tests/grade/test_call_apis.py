"""Every API a ``calls`` check can name (tutor/autograd_apis.py) is observed
in a run, has words for feedback, and a call for ``pack check``'s mutant: an
API added to the list without them could be named in a pack and never count."""

from __future__ import annotations

import pytest

from tutor.autograd_apis import CALL_APIS
from tutor.grade.kinds.calls import _CALL_SNIPPETS, api_words
from tutor.grade.observe_calls import _targets
from tutor.grade.observe_state import RECORDED_WITH
from tutor.grade.observe_vmap import RECORDED


@pytest.mark.parametrize("api", CALL_APIS)
def test_every_call_api_is_observed_worded_and_can_be_called(api):
    observed = {what for _owner, _attr, what, how in _targets() if how in ("call", "custom-backward")}
    # RECORDED: what the vmap observer notes itself; RECORDED_WITH: what record_call notes beside another API
    assert api in observed or api in RECORDED or api in RECORDED_WITH
    assert api_words(api).startswith(("torch.", "backward"))
    snippet = _CALL_SNIPPETS[api]
    compile(snippet.format(flags=""), api, "exec")
