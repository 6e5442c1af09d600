package pgcluster

import (
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
)

// ErrNoUser is the error Start returns (wrapped) when the process runs as root and the user that should
// run PostgreSQL does not exist.
var ErrNoUser = errors.New("initdb and pg_ctl refuse to run as root, and the user to run them as does not exist: " +
	"create it (useradd --system --user-group --home-dir /var/lib/postgresql postgres), " +
	"set the user to run PostgreSQL as, run rout as another user, " +
	"or set DATABASE_URL to use a PostgreSQL server you run yourself")

// account is the operating system user that runs PostgreSQL's programs when this process runs as root.
type account struct {
	name string
	uid  uint32
	gid  uint32
	gids []uint32 // every group of the user, the primary one included
}

// lookupAccount finds the user name, or fails with ErrNoUser.
func lookupAccount(name string) (*account, error) {
	u, err := user.Lookup(name)
	if err != nil {
		var unknown user.UnknownUserError
		if errors.As(err, &unknown) {
			return nil, fmt.Errorf("error looking up user %q: %w", name, ErrNoUser)
		}
		return nil, fmt.Errorf("error looking up user %q: %w", name, err)
	}
	uid, err := strconv.ParseUint(u.Uid, 10, 32)
	if err != nil {
		return nil, fmt.Errorf("error looking up user %q: uid %q: %w", name, u.Uid, err)
	}
	if uid == 0 {
		return nil, fmt.Errorf("error looking up user %q: it is root, and PostgreSQL refuses to run as root", name)
	}
	gid, err := strconv.ParseUint(u.Gid, 10, 32)
	if err != nil {
		return nil, fmt.Errorf("error looking up user %q: gid %q: %w", name, u.Gid, err)
	}
	a := &account{name: name, uid: uint32(uid), gid: uint32(gid), gids: []uint32{uint32(gid)}}
	if ids, err := u.GroupIds(); err == nil {
		for _, id := range ids {
			if g, err := strconv.ParseUint(id, 10, 32); err == nil && !slices.Contains(a.gids, uint32(g)) {
				a.gids = append(a.gids, uint32(g))
			}
		}
	}
	return a, nil
}

// chown hands path to the account. A nil account (not root) leaves it alone.
func (a *account) chown(path string) error {
	if a == nil {
		return nil
	}
	if err := os.Lchown(path, int(a.uid), int(a.gid)); err != nil {
		return fmt.Errorf("error handing %s to user %s: %w", path, a.name, err)
	}
	return nil
}

// checkReachable reports when the account cannot enter a folder above dir, judged by the permission
// bits (access control lists are not read). A nil account (not root) can always.
func (a *account) checkReachable(dir string) error {
	if a == nil {
		return nil
	}
	for p := filepath.Dir(dir); ; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		if err != nil {
			return fmt.Errorf("error checking that user %s can reach %s: %w", a.name, dir, err)
		}
		if !a.canEnter(fi) {
			return fmt.Errorf("error checking that user %s can reach %s: it cannot enter %s (mode %v): "+
				"choose a data folder under folders that user can enter, such as /var/lib/rout, or set DATABASE_URL",
				a.name, dir, p, fi.Mode().Perm())
		}
		if filepath.Dir(p) == p {
			return nil
		}
	}
}

// canEnter reports whether the account may search the folder described by fi.
func (a *account) canEnter(fi os.FileInfo) bool {
	uid, gid, ok := fileOwner(fi)
	if !ok {
		return true
	}
	perm := fi.Mode().Perm()
	switch {
	case uid == a.uid:
		return perm&0o100 != 0
	case slices.Contains(a.gids, gid):
		return perm&0o010 != 0
	default:
		return perm&0o001 != 0
	}
}
