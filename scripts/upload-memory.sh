#!/usr/bin/env bash
# Measures what hostile map files cost a real `rout serve`: builds ./cmd/rout, starts it on the loopback
# against a fresh database, signs up four users, and sends each kind of hostile file of at most 16 MiB
# through uploadMap (and files of other games through importMap), alone and then four at once (one per user: a user's uploads are serialised). It
# prints the server's resident memory before each round, its peak during the round (VmHWM, reset before
# each) and a minute after the last round, against the lowest resident size seen before a round (the
# idle size: the first round also returns the start-up's garbage). Loopback traffic only; it stops the server and drops the database.
#
# Usage: scripts/upload-memory.sh postgres://user@host:5432/postgres?sslmode=disable
# (a PostgreSQL server on which the user may create databases; the script makes and drops its own).
# Needs bash, curl, psql, and Linux's /proc. docs/operations.md has the figures and the goal.
set -euo pipefail

admin_url=${1:?usage: $0 postgres-url}
work=$(mktemp -d)
db="rout_upload_memory_$$"
port=$((20000 + $$ % 20000))
api="http://127.0.0.1:$port/graphql"
mib=$((1 << 20))
size=$((16 * mib))
pid=

cleanup() {
	if [[ -n $pid ]]; then
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
	psql -q "$admin_url" -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT

rss() { awk -v k="$1:" '$1 == k { print int($2 / 1024) }' "/proc/$pid/status"; }

go build -o "$work/rout" ./cmd/rout
psql -q "$admin_url" -c "CREATE DATABASE $db" >/dev/null
db_url=$(printf '%s' "$admin_url" | sed -E "s#/[^/?]*(\?|$)#/$db\1#")

DATABASE_URL=$db_url ROUT_ADDR=127.0.0.1:$port ROUT_LOG_LEVEL=error \
	ROUT_GRAPHQL_RATE_IP=off ROUT_GRAPHQL_RATE_USER=off ROUT_GRAPHQL_RATE_SIGNIN=off \
	ROUT_MAPS_PER_USER=0 ROUT_MAP_BYTES_PER_USER=0 ROUT_GRAPHQL_REQUEST_TIMEOUT=30s \
	"$work/rout" serve >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 600); do
	curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
	kill -0 "$pid" || { cat "$work/server.log"; exit 1; }
	sleep 0.1
done

tokens=()
for i in 1 2 3 4; do
	body=$(curl -fs "$api" -H 'Content-Type: application/json' --data \
		"{\"query\":\"mutation(\$i: SignUpInput!) { signUp(input: \$i) { session { token } } }\",\"variables\":{\"i\":{\"name\":\"probe$i\",\"email\":\"probe$i@example.com\",\"password\":\"password-probe$i\"}}}")
	tokens+=("$(printf '%s' "$body" | sed -E 's/.*"token":"([^"]+)".*/\1/')")
done

# The hostile files, each at most 16 MiB.
fill() { # fill FILE PREFIX UNIT SUFFIX: PREFIX, then UNIT repeated, then SUFFIX, 16 MiB in all
	local n=$((size - ${#2} - ${#4}))
	# yes ends by SIGPIPE when head has its bytes: not a failure.
	{ printf '%s' "$2"; (set +o pipefail; yes "$3" | tr -d '\n' | head -c "$n"); printf '%s' "$4"; } >"$1"
}
fill "$work/brackets.json" '' '[' ''
fill "$work/zeros.json" '{"id":"zeros","territories":[' '0,' '0]}'
fill "$work/objects.json" '{"id":"objects","territories":[' '{},' '{}]}'
fill "$work/territories.json" '{"id":"many","territories":[' '{"id":"t","name":"T","x":1,"y":1},' '{"id":"u","name":"U","x":1,"y":1}]}'
# Files of other games, through importMap: a Domination border line of millions of countries; Conquer
# Club's XML with one territory of as many borders as its element limit allows (the reader's most per
# byte), and with the elements up to the limit and text to 16 MiB.
fill "$work/borders.txt" $'[continents]\nc 1\n[countries]\n1 a 1 1 1\n2 b 1 2 2\n[borders]\n1' ' 2' $'\n'
elements=200000 # maps.MaxElements
{ printf '<map><territory><name>a</name><borders>'
	(set +o pipefail; yes '<border>a</border>' | head -n $((elements - 4)) | tr -d '\n')
	printf '</borders></territory></map>'; } >"$work/borders.xml"
{ printf '<map>'; (set +o pipefail; yes '<a/>' | head -n $((elements - 2)) | tr -d '\n'); printf '<x>'
	(set +o pipefail; yes a | tr -d '\n' | head -c $((size - 4 * elements - 20))); printf '</x></map>'; } >"$work/elements.xml"

upload() { # upload TOKEN FILE: prints the HTTP status; a .txt file is imported as Domination's, .xml as Conquer Club's
	local operations='{"query":"mutation($input: UploadMapInput!) { uploadMap(input: $input) { userErrors { code } } }","variables":{"input":{"file":null}}}'
	case $2 in
	*.txt) operations='{"query":"mutation($input: ImportMapInput!) { importMap(input: $input) { userErrors { code } } }","variables":{"input":{"format":"DOMINATION","file":null}}}' ;;
	*.xml) operations='{"query":"mutation($input: ImportMapInput!) { importMap(input: $input) { userErrors { code } } }","variables":{"input":{"format":"CONQUER_CLUB","file":null}}}' ;;
	esac
	curl -s -o /dev/null -w '%{http_code}' "$api" -H "Authorization: Bearer $1" \
		-F operations="$operations" -F map='{"0":["variables.input.file"]}' -F "0=@$2"
}

sleep 2
idle=$(rss VmRSS)
echo "after start: ${idle} MiB resident"
worst=0
for kind in brackets.json zeros.json objects.json territories.json borders.txt borders.xml elements.xml; do
	for n in 1 4; do
		echo 5 >"/proc/$pid/clear_refs" # resets VmHWM to the current resident size
		before=$(rss VmRSS)
		((before < idle)) && idle=$before
		statuses=()
		senders=()
		for i in $(seq "$n"); do
			upload "${tokens[$((i - 1))]}" "$work/$kind" >"$work/status.$i" &
			senders+=($!)
		done
		wait "${senders[@]}"
		for i in $(seq "$n"); do statuses+=("$(cat "$work/status.$i")"); done
		peak=$(rss VmHWM)
		rise=$((peak - before))
		((rise > worst)) && worst=$rise
		echo "$kind x$n: HTTP ${statuses[*]}; resident before ${before} MiB, peak ${peak} MiB (+$rise MiB)"
	done
done
echo "waiting a minute..."
sleep 60
after=$(rss VmRSS)
echo "a minute after: ${after} MiB resident ($((after - idle)) MiB over the idle ${idle} MiB); worst rise +$worst MiB"
echo "goal: peak rise <= 512 MiB, back within 64 MiB of idle a minute after"
