#!/bin/sh
# sbx batch on a real Slurm cluster: starts munged, slurmctld and slurmd
# (Debian's slurm-wlm and munge, installed by build-aux/deps.sh test) on
# this machine with a config written here, submits examples/slurm's job
# array (3 tasks, --shard I/3), merges the shards and checks the merged file
# equals a local `sbx batch` of the same input. The daemons are stopped on
# exit. Needs root (slurmd runs the job as the submitting user: root here).
. "$(dirname "$0")/../lib.sh"

for tool in munged mungekey slurmctld slurmd sbatch scontrol; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		_fail "$tool is missing: run build-aux/deps.sh test (installs slurm-wlm and munge)"
		finish
		exit 1
	fi
done
C=$T_TMP/cluster
mkdir -p "$C/state" "$C/spool" "$C/out"
chmod 700 "$C"

# The daemons run in the foreground as this shell's children: their pids
# are known at once, and stopping them is a kill and a wait.
daemons=""
stop_cluster() {
	for pid in $daemons; do
		kill "$pid" 2>/dev/null
	done
	for pid in $daemons; do
		wait "$pid" 2>/dev/null
	done
	rm -rf "$T_TMP"
}
trap stop_cluster EXIT

# Two free TCP ports for slurmctld and slurmd.
ports=$(python3 -c 'import socket
s=[socket.socket() for _ in range(2)]
[x.bind(("127.0.0.1",0)) for x in s]
print(" ".join(str(x.getsockname()[1]) for x in s))')
ctld_port=${ports% *}
slurmd_port=${ports#* }
host=$(hostname)

mungekey -c -k "$C/munge.key" && chmod 600 "$C/munge.key"
munged -F -f --key-file="$C/munge.key" --socket="$C/munge.sock" --pid-file="$C/munged.pid" \
	--log-file="$C/munged.log" --seed-file="$C/munged.seed" 2>>"$C/munged.err" &
daemons="$daemons $!"

cat >"$C/slurm.conf" <<EOC
ClusterName=sbxtest
SlurmctldHost=$host
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$C/munge.sock
CredType=cred/munge
StateSaveLocation=$C/state
SlurmdSpoolDir=$C/spool
SlurmctldPidFile=$C/slurmctld.pid
SlurmdPidFile=$C/slurmd.pid
SlurmctldLogFile=$C/slurmctld.log
SlurmdLogFile=$C/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$(nproc) RealMemory=1000 State=UNKNOWN
PartitionName=sbxtest Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOC
export SLURM_CONF="$C/slurm.conf"
slurmctld -D -c -f "$SLURM_CONF" 2>>"$C/slurmctld.log" &
daemons="$! $daemons"
slurmd -D -f "$SLURM_CONF" 2>>"$C/slurmd.log" &
daemons="$! $daemons"

# The input: JavaScript and Python, passing and failing verdicts, a code
# error, a timeout, an invalid line.
IN=$T_TMP/in.ndjson
i=0
while [ $i -lt 12 ]; do
	printf '{"id":"js-%d","language":"js","code":"console.log(%d*2)","expected_stdout":"%d"}\n' \
		$i $i $((i * 2 + i % 2))
	printf '{"id":"py-%d","language":"python","code":"print(%d)","timeout":300}\n' $i $i
	i=$((i + 1))
done >"$IN"
printf '%s\n' '{"id":"err","language":"python","code":"raise ValueError(1)","timeout":300}' \
	'{"id":"slow","language":"python","code":"while True: pass","timeout":1}' \
	'{"id":"bad","language":"python"' >>"$IN"

# sbatch --wait returns when every task has ended, with the highest exit
# status: 1, since the input has an invalid line.
export SBX
out=$(sbatch --wait --array=0-2 --cpus-per-task=1 --output="$C/out/task-%a.log" \
	"$ROOT_DIR/examples/slurm/sbx-batch.sbatch" "$IN" "$C/out" 2>&1)
rc=$?
T_LAST="sbatch --wait --array=0-2 examples/slurm/sbx-batch.sbatch"
expect_rc 1
for t in 0 1 2; do
	check "task $t wrote its shard" test -s "$C/out/shard-$t.ndjson"
done
out=$(sh "$ROOT_DIR/examples/slurm/merge.sbatch" "$C/out" "$C/merged.ndjson" 2>&1)
rc=$?
expect_rc 0

sbx batch -q -j 2 --out "$T_TMP/local.ndjson" "$IN"
expect_rc 1
n=$(wc -l <"$IN")
check "the merged file has one record per request" test "$(wc -l <"$C/merged.ndjson")" -eq "$n"
check "merged shards equal a local run (but id, time_ms, memory_kb.peak)" sh -c \
	"[ \"\$(jq -c 'del(.id, .time_ms, .memory_kb.peak)' '$C/merged.ndjson')\" = \
	   \"\$(jq -c 'del(.id, .time_ms, .memory_kb.peak)' '$T_TMP/local.ndjson')\" ]"
check "verdicts came through" test "$(jq -r 'select(.verdict=="failed") | .request_id' "$C/merged.ndjson" | wc -l)" -eq 6
finish
