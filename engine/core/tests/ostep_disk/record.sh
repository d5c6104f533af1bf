#!/bin/sh
# Records disk.py's output for every case in this folder again: each file's first line is the
# command (`$ disk.py <options>`), the rest what disk.py printed for it.
#
#   engine/core/tests/ostep_disk/record.sh path/to/disk.py
#
# disk.py is OSTEP's file-disks homework simulator (github.com/remzi-arpacidusseau/ostep-homework,
# file-disks/disk.py; these were recorded from commit 6c6cfc7e82c274fb7f0f068b5a75e1b42f7615b6,
# disk.py blob 02f95a83, with Python 3.11.7). It is not copied here: that repository states no
# licence. A new case is a new file whose first line is its command.
set -e
disk_py=$(realpath "$1")
cd "$(dirname "$0")"
for f in *.txt; do
  options=$(head -n 1 "$f" | sed 's/^\$ disk\.py //')
  { echo "\$ disk.py $options"; python3 "$disk_py" $options; } > "$f.new"
  mv "$f.new" "$f"
done
