#!/usr/bin/env bash
# Builds the real Kubernetes control plane that Tandem's sandbox and real-cluster tests run, from Go modules only:
#   kube-apiserver, kube-controller-manager, kube-scheduler, kubectl  (module k8s.io/kubernetes, K8S_VERSION)
#   etcd                                                              (module go.etcd.io/etcd/server/v3, ETCD_VERSION)
#   kwok  (fake nodes; pods become Running/Ready without a kubelet)   (module sigs.k8s.io/kwok, KWOK_VERSION)
# into ${TANDEM_CLUSTER_CACHE:-$HOME/.cache/tandem/cluster/<K8S_VERSION>} (outside the work tree), and prints that
# folder as the last line of stdout (progress goes to stderr).
#
# Idempotent: each group of binaries carries a stamp with its version; when all are present and current the script
# returns in well under a second without running go. A version bump rebuilds only that group.
#
# First run, measured on a 2-core machine with an empty Go build cache, shared with other builds (load ~15):
# about 36 minutes wall (Kubernetes 28, etcd 1-2, kwok 7), 18 minutes of CPU; about 1.3 GB of module downloads
# into GOMODCACHE and 3.8 GB added to the Go build cache; the six binaries take 400 MB. A second run: 0.01 s.
# Needs: Go >= 1.26 (the pinned etcd and kwok declare go 1.26.0) and the Go module proxy. Nothing else is fetched.
#
# Routes, in order of preference (take the next one only if a route is refused):
#   etcd: go.etcd.io/etcd/server/v3 (its go.mod has replace directives, so `go install @version` refuses it; it is
#         built from a wrapper module instead) -> Debian's etcd-server package -> kine (github.com/k3s-io/kine).
#         The first route works with the versions below.
#   Kubernetes: 1.34.x builds with Go 1.26; newer minors pull sigs.k8s.io/structured-merge-diff/v7, which the
#   machine notes list as needing Go 1.27 (GOTOOLCHAIN=go1.27.3 through TANDEM_CLUSTER_GOTOOLCHAIN); not tried.
set -euo pipefail

K8S_VERSION=v1.34.4
ETCD_VERSION=v3.6.16
KWOK_VERSION=v0.8.0

CACHE="${TANDEM_CLUSTER_CACHE:-$HOME/.cache/tandem/cluster/$K8S_VERSION}"
BUILD="$CACHE/.build"

KUBE_BINS=(kube-apiserver kube-controller-manager kube-scheduler kubectl)

log() { echo "build-cluster: $*" >&2; }

# Never switch toolchains behind the user's back (that would download one); fail clearly instead.
export GOTOOLCHAIN="${TANDEM_CLUSTER_GOTOOLCHAIN:-local}"
export CGO_ENABLED=0
export GOFLAGS="-buildvcs=false -mod=mod"
# The machine is shared: build at low priority. Parallelism follows the cores.
NICE=(nice -n 15)

current() { # current <group> <version> <binaries...>: all binaries present and stamped with this version
  local group=$1 version=$2; shift 2
  [[ -f "$CACHE/.stamp-$group" && "$(cat "$CACHE/.stamp-$group")" == "$version" ]] || return 1
  local b; for b in "$@"; do [[ -x "$CACHE/$b" ]] || return 1; done
}

gomod_file() { # gomod_file <module@version>: path of the module's go.mod in the module cache (downloads it)
  go mod download -json "$1" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",\{0,1\}$/\1/p'
}

# wrapper <dir> <go-line-source-go.mod> <require lines...>: a throwaway main module whose tools.go imports the
# commands, so `go mod tidy` resolves exactly the graph the commands need.
wrapper() {
  local dir=$1 upstream=$2 imports=$3; shift 3
  rm -rf "$dir"; mkdir -p "$dir"
  {
    echo "module tandem.local/cluster-build"
    echo
    # Same language version and GODEBUG defaults as the upstream module, so the binaries behave like its builds.
    grep -E '^go [0-9]' "$upstream"
    grep -E '^godebug ' "$upstream" || true
    echo
    printf '%s\n' "$@"
  } >"$dir/go.mod"
  {
    echo "//go:build tools"
    echo
    echo "package tools"
    echo
    echo "import ("
    local p; for p in $imports; do echo "	_ \"$p\""; done
    echo ")"
  } >"$dir/tools.go"
  (cd "$dir" && "${NICE[@]}" go mod tidy >&2)
}

# install <group> <version> <dir> <ldflags> <name=pkg...>: build into a temp folder, then move into the cache
install_bins() {
  local group=$1 version=$2 dir=$3 ldflags=$4; shift 4
  local out="$BUILD/out-$group" pkgs=() arg
  for arg in "$@"; do pkgs+=("${arg#*=}"); done
  rm -rf "$out"; mkdir -p "$out"
  (cd "$dir" && "${NICE[@]}" go build -trimpath -ldflags="$ldflags" -o "$out/" "${pkgs[@]}" >&2)
  # go names each binary after the last element of its import path, skipping a major-version suffix
  # (go.etcd.io/etcd/server/v3 builds as "server").
  for arg in "$@"; do
    local pkg=${arg#*=} name=${arg%%=*} base
    base=${pkg##*/}
    if [[ $base =~ ^v[0-9]+$ ]]; then base=${pkg%/*}; base=${base##*/}; fi
    mv -f "$out/$base" "$CACHE/$name"
  done
  rmdir "$out"
  echo "$version" >"$CACHE/.stamp-$group"
}

mkdir -p "$CACHE" "$BUILD"
start=$SECONDS

# --- Kubernetes ---------------------------------------------------------------------------------------------------
if ! current kubernetes "$K8S_VERSION" "${KUBE_BINS[@]}"; then
  log "building Kubernetes $K8S_VERSION (${KUBE_BINS[*]})"
  upstream=$(gomod_file "k8s.io/kubernetes@$K8S_VERSION")
  # k8s.io/kubernetes requires its staging modules at v0.0.0 and replaces them with ./staging/src/k8s.io/<name>.
  # The proxy serves each staging module at v0.N.P for Kubernetes v1.N.P: point every one of them there.
  staging_version="v0.${K8S_VERSION#v1.}"
  mapfile -t staging < <(awk '$2 == "=>" && $3 ~ /^\.\/staging\// { print $1 }' "$upstream")
  [[ ${#staging[@]} -gt 0 ]] || { log "no staging replace lines found in $upstream"; exit 1; }
  lines=("require k8s.io/kubernetes $K8S_VERSION" "" "replace (")
  for m in "${staging[@]}"; do lines+=("	$m => $m $staging_version"); done
  lines+=(")")
  pkgs=(); targets=()
  for b in "${KUBE_BINS[@]}"; do pkgs+=("k8s.io/kubernetes/cmd/$b"); targets+=("$b=k8s.io/kubernetes/cmd/$b"); done
  wrapper "$BUILD/kubernetes" "$upstream" "${pkgs[*]}" "${lines[@]}"
  # What hack/lib/version.sh stamps into release builds, so /version and `kubectl version` say K8S_VERSION
  # (clients reject a v0.0.0 server). The commit is not known from the module; leave a recognisable placeholder.
  minor=${K8S_VERSION#v1.}; minor=${minor%%.*}
  ldflags="-s -w"
  for p in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    ldflags+=" -X $p.gitVersion=$K8S_VERSION -X $p.gitMajor=1 -X $p.gitMinor=$minor"
    ldflags+=" -X $p.gitCommit=0000000000000000000000000000000000000000 -X $p.gitTreeState=clean"
    ldflags+=" -X $p.buildDate=1970-01-01T00:00:00Z"
  done
  install_bins kubernetes "$K8S_VERSION" "$BUILD/kubernetes" "$ldflags" "${targets[@]}"
  log "Kubernetes built after $((SECONDS - start))s"
fi

# --- etcd ---------------------------------------------------------------------------------------------------------
if ! current etcd "$ETCD_VERSION" etcd; then
  log "building etcd $ETCD_VERSION"
  upstream=$(gomod_file "go.etcd.io/etcd/server/v3@$ETCD_VERSION")
  # server/v3's own replace lines (../api, ../client, ../pkg) are ignored in a dependency; it requires its sibling
  # modules at the same version, which the proxy serves.
  wrapper "$BUILD/etcd" "$upstream" "go.etcd.io/etcd/server/v3" "require go.etcd.io/etcd/server/v3 $ETCD_VERSION"
  install_bins etcd "$ETCD_VERSION" "$BUILD/etcd" "-s -w" etcd=go.etcd.io/etcd/server/v3
  log "etcd built after $((SECONDS - start))s"
fi

# --- kwok ---------------------------------------------------------------------------------------------------------
if ! current kwok "$KWOK_VERSION" kwok; then
  log "building kwok $KWOK_VERSION"
  upstream=$(gomod_file "sigs.k8s.io/kwok@$KWOK_VERSION")
  wrapper "$BUILD/kwok" "$upstream" "sigs.k8s.io/kwok/cmd/kwok" "require sigs.k8s.io/kwok $KWOK_VERSION"
  install_bins kwok "$KWOK_VERSION" "$BUILD/kwok" "-s -w -X sigs.k8s.io/kwok/pkg/consts.Version=${KWOK_VERSION#v}" \
    kwok=sigs.k8s.io/kwok/cmd/kwok
  log "kwok built after $((SECONDS - start))s"
fi

echo "$CACHE"
