package pgcluster

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrInUse is the error Start returns (wrapped, with the pid of the holder) when another Cluster, in
// this process or another, runs the data folder.
var ErrInUse = errors.New("the data folder is in use by another process that runs its PostgreSQL server: " +
	"stop that process, or give each process its own data folder, or set DATABASE_URL in all of them to share one server")

// errLocked reports that another open file holds the lock.
var errLocked = errors.New("locked")

// lockFileName is the file in the data folder whose lock marks the folder as in use.
const lockFileName = "pgcluster.lock"

// lockFolder takes the data folder's lock and writes this process's pid into the lock file. The lock
// lasts until the file is closed or the process ends.
func lockFolder(dir string) (*os.File, error) {
	path := filepath.Join(dir, lockFileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("error locking data folder %s: %w", dir, err)
	}
	if err := tryLock(f); err != nil {
		holder, _ := os.ReadFile(path)
		f.Close()
		if errors.Is(err, errLocked) {
			return nil, fmt.Errorf("error locking data folder %s (held by process %s): %w",
				dir, strings.TrimSpace(string(holder)), ErrInUse)
		}
		return nil, fmt.Errorf("error locking data folder %s: %w", dir, err)
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, fmt.Errorf("error locking data folder %s: %w", dir, err)
	}
	if _, err := f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0); err != nil {
		f.Close()
		return nil, fmt.Errorf("error locking data folder %s: %w", dir, err)
	}
	return f, nil
}
