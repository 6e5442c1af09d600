package dbtest

import (
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/lib/pq"
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
				User(t, db, UserOpts{Name: "same"})
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

func TestUserInsertsAUserWithDefaults(t *testing.T) {
	t.Parallel()
	db := Migrated(t)
	a := User(t, db, UserOpts{})
	b := User(t, db, UserOpts{Name: "Ada", Notify: "sms", Phone: "+447700900123", Admin: true})
	if a == b {
		t.Fatalf("two users got id %d", a)
	}
	var name, email, notify, key string
	var phone sql.NullString
	var admin bool
	if err := db.QueryRowContext(t.Context(), "SELECT name, email, notify, phone, admin, name_key FROM users WHERE id = $1", b).
		Scan(&name, &email, &notify, &phone, &admin, &key); err != nil {
		t.Fatal(err)
	}
	if name != "Ada" || email != "Ada@example.com" || notify != "sms" || phone.String != "+447700900123" || !admin || key != "ada" {
		t.Errorf("user = %q %q %q %q %v key %q", name, email, notify, phone.String, admin, key)
	}
	if err := db.QueryRowContext(t.Context(), "SELECT phone FROM users WHERE id = $1", a).Scan(&phone); err != nil || phone.Valid {
		t.Errorf("default phone = %v, %v, want NULL", phone, err)
	}
}

// BenchmarkNewDatabase compares what a test's migrated database costs: a copy of the template against
// an empty database migrated by migrate.Up, each dropped again.
func BenchmarkNewDatabase(b *testing.B) {
	srv := sharedServer(b)
	tmpl := migratedTemplate(b)
	for _, c := range []struct {
		name     string
		template string
		migrate  bool
	}{{"template", tmpl, false}, {"migrate-up", "template0", true}} {
		b.Run(c.name, func(b *testing.B) {
			ctx := b.Context()
			for b.Loop() {
				name := databaseName(b.Name(), fmt.Sprintf("%08x", rand.Uint32()))
				if _, err := srv.admin.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(name)+" TEMPLATE "+pq.QuoteIdentifier(c.template)); err != nil {
					b.Fatal(err)
				}
				if c.migrate {
					if err := migrateDatabase(ctx, srv, name); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := srv.admin.ExecContext(ctx, "DROP DATABASE "+pq.QuoteIdentifier(name)+" WITH (FORCE)"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
