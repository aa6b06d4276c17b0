# Sourced by run-ci.sh and run-long.sh: `in_turn JOBS COMMAND ITEM...` runs `COMMAND ITEM`
# for each item, at most JOBS at a time, and returns 1 if any of them failed.
#
# Each job is waited for by its pid, oldest first (every item runs about the same time, so this
# keeps JOBS busy as well as `wait -n` does). `wait -n` once failed a run whose ten targets all
# passed: a job that ends before it is called can be reaped without its status.
in_turn() {
    local jobs=$1 command=$2 failed=0 item pid
    shift 2
    local pids=()
    for item in "$@"; do
        if [ "${#pids[@]}" -ge "$jobs" ]; then
            wait "${pids[0]}" || failed=1
            pids=("${pids[@]:1}")
        fi
        "$command" "$item" &
        pids+=("$!")
    done
    for pid in "${pids[@]}"; do
        wait "$pid" || failed=1
    done
    return "$failed"
}
