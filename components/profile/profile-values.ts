import type { Profile } from "@/lib/data/profiles";
import type { ProfileFormValues } from "@/lib/validation/profile";

/** The edit form's starting values from a stored profile (absent optional fields become ""). */
export function profileToFormValues(profile: Profile): ProfileFormValues {
  return {
    username: profile.username,
    full_name: profile.full_name,
    location: profile.location.display_name,
    specialty: profile.specialty,
    experience_level: profile.experience_level,
    training_preference: profile.training_preference ?? "",
    goals: profile.goals,
    bio: profile.bio ?? "",
    target_times: {
      swim: profile.target_times.swim ?? "",
      bike: profile.target_times.bike ?? "",
      run: profile.target_times.run ?? "",
    },
    availability: { days: [...profile.availability.days], times: [...profile.availability.times] },
    achievements: [...profile.achievements],
    is_public: profile.is_public,
    looking_for_team: profile.looking_for_team,
    open_to_training: profile.open_to_training,
  };
}
