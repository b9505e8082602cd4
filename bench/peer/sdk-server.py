# The peer of `npm run bench -- --peer <feilong checkout>` (peer.ts): the reference's own SDK
# server (zvmsdk/sdkserver.py: its socket protocol, request queue and worker threads, which its
# web layer calls once per request) over an in-memory hypervisor in place of zvmsdk.api, whose
# layers need a real z/VM host's tools. Run with the checkout on PYTHONPATH and HOME holding the
# bench's zvmsdk.conf; prints one line once it listens.
import sys
import threading
import types


class InMemoryHypervisor(object):
    """The SDK API calls the bench's scenarios make, answered at once from a dict."""

    def __init__(self):
        self.power = {}
        self.lock = threading.Lock()

    def guest_create(self, userid, *args, **kwargs):
        with self.lock:
            self.power[userid.upper()] = 'off'

    def guest_start(self, userid, timeout=0):
        with self.lock:
            self.power[userid.upper()] = 'on'

    def guest_get_power_state(self, userid):
        with self.lock:
            return self.power.get(userid.upper(), 'off')


# sdkserver imports zvmsdk.api when it loads: it gets this module instead
api = types.ModuleType('zvmsdk.api')
api.SDKAPI = InMemoryHypervisor
sys.modules['zvmsdk.api'] = api

from zvmsdk import config  # noqa: E402

config.load_config()
from zvmsdk import log  # noqa: E402

log.setup_log()
from zvmsdk import sdkserver  # noqa: E402

server = sdkserver.SDKServer()
server.setup()
print('sdk server listening', flush=True)
server.run()
