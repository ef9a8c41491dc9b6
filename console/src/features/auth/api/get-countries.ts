// GET /manage/auth/countries: the countries of the registration form.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '@annot/workflows';
import { api } from '@/lib/api-client';

export const countriesQuery = () => queryOptions({ queryKey: ['countries'], queryFn: () => api.get<Country[]>('/manage/auth/countries'), staleTime: Infinity });

export const useCountries = () => useQuery(countriesQuery());
