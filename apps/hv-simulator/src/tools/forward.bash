# Sourced by apps/hv-simulator/bin/<tool> with the tool's name first. Where the simulator is on
# this machine, the tool runs inside it (POST /tools/run, http/tool-host.routes.ts) and this
# script only passes on its arguments and prints what comes back: bash and one `head` cost a
# fraction of the node process each call would start (docs/decisions/0012). Elsewhere
# (another host, https) the tool runs as a node process of its own, as it always could.
tool=$1
shift
if [[ ${HV_SIMULATOR_URL:-} =~ ^http://(127\.0\.0\.1|localhost)(:([0-9]{1,5}))?/?$ ]]; then
  host=${BASH_REMATCH[1]}
  port=${BASH_REMATCH[3]:-80}
  # lengths in bytes, not characters
  export LC_ALL=C
  # exit statuses as tool.table.ts has them: 75 the simulator never got the call; a call lost
  # once sent (cut, HTTP 5xx, the hosted tool's own lost, 137) ends this tool by SIGKILL, as an
  # outage ends the management guest's processes: whether it ran is unknown
  if ! { exec 3<>"/dev/tcp/$host/$port"; } 2>/dev/null; then
    echo "Error: simulator unreachable: no connection to $host:$port" >&2
    exit 75
  fi
  length=$((${#tool} + ${#PWD} + ${#HV_SIMULATOR_URL} + 3))
  for arg in "$@"; do length=$((length + ${#arg} + 1)); done
  printf 'POST /tools/run HTTP/1.1\r\nHost: %s:%s\r\nContent-Type: application/octet-stream\r\nContent-Length: %d\r\nConnection: close\r\n\r\n' \
    "$host" "$port" "$length" >&3
  printf '%s\0' "$tool" "$PWD" "$HV_SIMULATOR_URL" "$@" >&3
  # bash reads a socket a byte at a time, so the headers leave the body where it was
  read -r _ status _ <&3
  code=
  stdout_bytes=
  while IFS= read -r line <&3; do
    line=${line%$'\r'}
    [ -z "$line" ] && break
    case ${line,,} in
      x-tool-exit:*) code=${line#*: } ;;
      x-tool-stdout-bytes:*) stdout_bytes=${line#*: } ;;
    esac
  done
  if [ "$status" != 200 ] || [ -z "$code" ] || [ -z "$stdout_bytes" ]; then
    echo "Error: simulator answered HTTP ${status:-(nothing)}: $(cat <&3)" >&2
    # only a 4xx says the tool did not run
    case $status in
      4??) exit 3 ;;
      *) kill -KILL $$ ;;
    esac
  fi
  # GNU head reads no more than it prints: the rest is stderr
  head -c "$stdout_bytes" <&3
  cat <&3 >&2
  [ "$code" = 137 ] && kill -KILL $$
  exit "$code"
fi
exec node "${BASH_SOURCE[0]%/*}/../../../../dist/bundle/hv-tool.cjs" "$tool" "$@"
