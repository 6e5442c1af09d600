package graph

import (
	"context"
	"fmt"
	"strings"

	"entgo.io/contrib/entgql"

	"rout/ent"
)

// ID is the resolver for the id field.
func (r *gameMapResolver) ID(ctx context.Context, obj *ent.GameMap) (string, error) {
	return GlobalID(typeGameMap, obj.ID), nil
}

func (r *gameMapResolver) Width(ctx context.Context, obj *ent.GameMap) (int, error) {
	v, err := r.mapView(ctx, obj)
	if err != nil {
		return 0, err
	}
	return canvasSide(v.Geometry.Width), nil
}

func (r *gameMapResolver) Height(ctx context.Context, obj *ent.GameMap) (int, error) {
	v, err := r.mapView(ctx, obj)
	if err != nil {
		return 0, err
	}
	return canvasSide(v.Geometry.Height), nil
}

func (r *gameMapResolver) Territories(ctx context.Context, obj *ent.GameMap) ([]*MapTerritory, error) {
	v, err := r.mapView(ctx, obj)
	if err != nil {
		return nil, err
	}
	return mapTerritories(v), nil
}

func (r *gameMapResolver) Borders(ctx context.Context, obj *ent.GameMap) ([]*MapBorder, error) {
	v, err := r.mapView(ctx, obj)
	if err != nil {
		return nil, err
	}
	return mapBorders(v), nil
}

func (r *gameMapResolver) BonusAreas(ctx context.Context, obj *ent.GameMap) ([]*MapBonusArea, error) {
	v, err := r.mapView(ctx, obj)
	if err != nil {
		return nil, err
	}
	return mapBonusAreas(v), nil
}

func (r *gameMapResolver) Author(ctx context.Context, obj *ent.GameMap) (*ent.User, error) {
	if obj.CreatorID == nil {
		return nil, nil
	}
	u, err := r.ent.User.Get(ctx, *obj.CreatorID)
	if err != nil {
		return nil, fmt.Errorf("error loading the map's author: %w", err)
	}
	return u, nil
}

func (r *gameMapResolver) Visibility(ctx context.Context, obj *ent.GameMap) (MapVisibility, error) {
	return MapVisibility(strings.ToUpper(string(obj.Visibility))), nil
}

func (r *gameMapResolver) Versions(ctx context.Context, obj *ent.GameMap) ([]*ent.GameMap, error) {
	return r.mapVersions(ctx, obj)
}

func (r *gameMapResolver) PreviewURL(ctx context.Context, obj *ent.GameMap) (string, error) {
	return MapPreviewPath(obj.Key, obj.Version), nil
}

func (r *mutationResolver) UploadMap(ctx context.Context, input UploadMapInput) (*MapPayload, error) {
	return r.publishMap(ctx, "", input.File, input.Visibility)
}

func (r *mutationResolver) PublishMapVersion(ctx context.Context, input PublishMapVersionInput) (*MapPayload, error) {
	return r.publishMap(ctx, input.Key, input.File, input.Visibility)
}

func (r *mutationResolver) SetMapVisibility(ctx context.Context, input SetMapVisibilityInput) (*MapPayload, error) {
	return r.setMapVisibility(ctx, input)
}

// Maps is the resolver for the maps field.
func (r *queryResolver) Maps(ctx context.Context, filter *MapsFilter, orderBy *MapOrder, first *int, after *entgql.Cursor[int]) (*ent.GameMapConnection, error) {
	return r.listMaps(ctx, filter, orderBy, first, after)
}

// Map is the resolver for the map field.
func (r *queryResolver) Map(ctx context.Context, key string, version *int) (*ent.GameMap, error) {
	return r.mapByKey(ctx, key, version)
}

func (r *Resolver) GameMap() GameMapResolver { return &gameMapResolver{r} }

type gameMapResolver struct{ *Resolver }
