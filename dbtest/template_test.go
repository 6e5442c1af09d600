package dbtest

import (
	"strconv"
	"testing"
)

func TestMigratedGivesEachTestItsOwnMigratedDatabase(t *testing.T) {
	t.Parallel()
	t.Run("group", func(t *testing.T) {
		for i := range 3 {
			t.Run(strconv.Itoa(i), func(t *testing.T) {
				t.Parallel()
				db := Migrated(t)
				var users, jobs int
				if err := db.QueryRowContext(t.Context(), "SELECT count(*) FROM users").Scan(&users); err != nil {
					t.Fatalf("counting users: %v", err)
				}
				if err := db.QueryRowContext(t.Context(), "SELECT count(*) FROM river_job").Scan(&jobs); err != nil {
					t.Fatalf("counting River's jobs: %v", err)
				}
				if users != 0 || jobs != 0 {
					t.Errorf("new database has %d users and %d jobs, want none", users, jobs)
				}
				// A row one test writes must not show in another's database.
				if _, err := db.ExecContext(t.Context(), `INSERT INTO users (created_at, updated_at, name, email, password_hash)
					VALUES (now(), now(), 'same', 'same@example.com', 'x')`); err != nil {
					t.Fatalf("inserting a user: %v", err)
				}
			})
		}
	})
}

func TestMigratedTemplateIsNamedByTheMigrations(t *testing.T) {
	t.Parallel()
	name := migratedTemplate(t)
	hash, err := migrationsHash()
	if err != nil {
		t.Fatal(err)
	}
	if want := "dbtest_template_" + hash; name != want {
		t.Errorf("template = %q, want %q", name, want)
	}
	if !databaseExists(t, name) || databaseExists(t, name+"_building") {
		t.Errorf("template %s missing, or its half-built copy left", name)
	}
	var connections int
	if err := sharedServer(t).admin.QueryRowContext(t.Context(),
		"SELECT count(*) FROM pg_stat_activity WHERE datname = $1", name).Scan(&connections); err != nil {
		t.Fatal(err)
	}
	if connections != 0 {
		t.Errorf("%d sessions are connected to the template, want none (they would stop it being copied)", connections)
	}
}
